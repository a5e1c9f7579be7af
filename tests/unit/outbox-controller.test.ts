/**
 * The page's outbox controller (src/features/contact/outbox-controller.ts): it drains on load, on
 * `online`, on `visibilitychange`, after a Retry-After delay and on a backoff timer, in every browser (jsdom has no
 * SyncManager, like Firefox and Safari, where these are the only triggers). Real IndexedDB
 * implementation (fake-indexeddb), real pipeline over real HTTP to a node:http recording server.
 */
import "fake-indexeddb/auto";
import { waitFor } from "@testing-library/react";
import { createOutboxController, type OutboxController } from "../../src/features/contact/outbox-controller";
import { countOutbox } from "../../src/features/contact/outbox-facade";
import { createDeliverDeps } from "../../src/shared/contact/deps";
import { createMessage } from "../../src/shared/contact/message";
import { type OutboxEntry, openOutbox } from "../../src/shared/contact/outbox-store";
import { closedPort, type RecordingServer, sendJson, startRecordingServer } from "../shared/recording-server";

let server: RecordingServer;
let controller: OutboxController | undefined;
let databases = 0;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  controller?.stop();
  controller = undefined;
  vi.restoreAllMocks();
});

/** What the controller reported to the page. */
const seen = { entries: null as OutboxEntry[] | null, delivered: 0 };

function accept(to = server) {
  to.reset((_request, response) => sendJson(response, 200, { success: true, msg: "Thanks!" }));
}

function setup(origin = server.origin) {
  const outbox = openOutbox({ dbName: `controller-test-${++databases}` });
  Object.assign(seen, { entries: null, delivered: 0 });
  controller = createOutboxController({
    onEntries: (entries) => {
      seen.entries = entries;
    },
    onDelivered: () => {
      seen.delivered += 1;
    },
    drain: {
      outbox,
      deps: createDeliverDeps({ serverUrl: origin, apiKey: "test-key", firebase: null }),
    },
  });
  return { outbox, controller };
}

const message = (text: string) => createMessage({ name: "Zoë", email: "zoe@example.com", message: text });
const notifyCount = () =>
  server.requests.filter((request) => request.url === "/email/send-notification").length;

describe("outbox controller: the page's own triggers", () => {
  it("drains on start (page load), then shows the count and the sent notice", async () => {
    accept();
    const { outbox, controller } = setup();
    await outbox.add(message("queued earlier"));
    await controller.start();
    expect(notifyCount()).toBe(1);
    expect(await outbox.list()).toEqual([]);
    expect(seen).toEqual({ entries: [], delivered: 1 });
  });

  it("offline: queues, tries nothing, and drains when 'online' fires", async () => {
    accept();
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { outbox, controller } = setup();
    await controller.start();
    await controller.queue(message("written offline"));
    await waitFor(() => expect(seen.entries).toHaveLength(1));
    expect(server.requests).toHaveLength(0);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(seen.delivered).toBe(1));
    expect(notifyCount()).toBe(1);
    expect(await outbox.list()).toEqual([]);
  });

  it("drains when the page becomes visible again", async () => {
    // Unreachable at first: the entry stays.
    server.reset((_request, response) => sendJson(response, 503, { success: false, error: "Busy" }));
    const { outbox, controller } = setup();
    await outbox.add(message("try me later"));
    await controller.start();
    expect(await outbox.list()).toMatchObject([{ attempts: 1, lastError: "Busy" }]);

    accept();
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(seen.delivered).toBe(1));
    expect(await outbox.list()).toEqual([]);
  });

  it("tries again by itself once a Retry-After delay has passed", async () => {
    let calls = 0;
    server.reset((request, response) => {
      if (request.url === "/api/messages") return sendJson(response, 201, { success: true });
      calls += 1;
      if (calls === 1)
        return sendJson(response, 429, { success: false, error: "Slow down" }, { "retry-after": "1" });
      sendJson(response, 200, { success: true, msg: "Thanks!" });
    });
    const { outbox, controller } = setup();
    await outbox.add(message("rate limited"));
    await controller.start();
    const [entry] = await outbox.list();
    expect(entry?.nextAttemptAt).toBeGreaterThan(Date.now());
    await waitFor(() => expect(seen.delivered).toBe(1), { timeout: 5000 });
    expect(calls).toBe(2);
  });

  it("tries again on a backoff timer while the page stays open: a server that comes back fires no event", async () => {
    const port = await closedPort();
    const { outbox, controller } = setup(`http://127.0.0.1:${port}`);
    await outbox.add(message("the server is down"));
    await controller.start();
    expect(await outbox.list()).toMatchObject([{ status: "pending", attempts: 1, nextAttemptAt: null }]);

    // The server starts again; no "online", no "visibilitychange".
    const back = await startRecordingServer(port);
    try {
      accept(back);
      await waitFor(() => expect(seen.delivered).toBe(1), { timeout: 10_000 });
      expect(back.requests.map((request) => request.url)).toEqual([
        "/api/messages",
        "/email/send-notification",
      ]);
      expect(await outbox.list()).toEqual([]);
    } finally {
      await back.close();
    }
  });

  it("a message the submit queued after a 503 with Retry-After is sent once the delay has passed", async () => {
    accept();
    const { outbox, controller } = setup();
    await controller.queue(message("busy server"), {
      kind: "retry",
      text: "Busy",
      status: 503,
      saved: false,
      retryAfterMs: 500,
    });
    // Not at once: the server asked for the delay.
    expect(server.requests).toHaveLength(0);
    await waitFor(() => expect(seen.delivered).toBe(1), { timeout: 5000 });
    expect(notifyCount()).toBe(1);
    expect(await outbox.list()).toEqual([]);
  });

  it("a message the submit queued as refused waits for Retry: no drain sends it", async () => {
    accept();
    const { outbox, controller } = setup();
    const m = message("forbidden");
    await controller.queue(m, { kind: "refused", text: "Forbidden", status: 403, saved: false });
    await controller.start();
    await controller.drain();
    expect(server.requests).toHaveLength(0);
    expect(seen.entries).toMatchObject([{ id: m.id, status: "failed", lastError: "Forbidden" }]);

    await controller.retry(m.id);
    expect(notifyCount()).toBe(1);
    expect(await outbox.list()).toEqual([]);
  });

  it("Retry and Discard act on failed entries only", async () => {
    server.reset((request, response) =>
      request.url === "/api/messages"
        ? sendJson(response, 201, { success: true })
        : sendJson(response, 400, { success: false, error: "Invalid email" }),
    );
    const { outbox, controller } = setup();
    const [a, b] = [message("first"), message("second")];
    await outbox.add(a);
    await outbox.add(b);
    await controller.start();
    expect((await outbox.list()).map((entry) => entry.status)).toEqual(["failed", "failed"]);

    await controller.discard(a.id);
    expect((await outbox.list()).map((entry) => entry.id)).toEqual([b.id]);

    accept();
    await controller.retry(b.id);
    expect(await outbox.list()).toEqual([]);
    expect(seen.delivered).toBe(1);
    // A waiting (not failed) entry cannot be discarded.
    const c = message("third");
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await controller.queue(c);
    await controller.discard(c.id);
    expect((await outbox.list()).map((entry) => entry.id)).toEqual([c.id]);
  });
});

describe("outbox controller: the lock and Background Sync", () => {
  it("Discard waits for a drain in progress: it never deletes under a send", async () => {
    const answers: (() => void)[] = [];
    server.reset((request, response) => {
      if (request.url === "/api/messages") return sendJson(response, 201, { success: true });
      answers.push(() => sendJson(response, 200, { success: true, msg: "Thanks!" }));
    });
    const { outbox, controller } = setup();
    const refused = message("refused earlier");
    await controller.queue(refused, { kind: "refused", text: "Forbidden", status: 403, saved: false });
    await outbox.add(message("waiting"));
    const events: string[] = [];
    const draining = controller.drain();
    await waitFor(() => expect(answers).toHaveLength(1)); // the drain is mid-send, holding the lock
    const discarding = controller.discard(refused.id).then(() => events.push("discarded"));
    // However long it is given, Discard must not finish while the send is unanswered.
    await Promise.race([discarding, new Promise((resolve) => setTimeout(resolve, 300))]);
    events.push("answered");
    answers[0]?.();
    await Promise.all([draining, discarding]);
    expect(events).toEqual(["answered", "discarded"]);
    expect(await outbox.list()).toEqual([]);
  });

  it("falls back to the page's own triggers when the Background Sync registration fails", async () => {
    accept();
    // A browser with Background Sync (Chromium) whose registration is refused (a policy, a quota).
    vi.stubGlobal("SyncManager", class {});
    const register = vi.fn(() =>
      Promise.reject(new DOMException("Background Sync is disabled", "NotAllowedError")),
    );
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: async () => ({ active: {}, sync: { register } }) },
    });
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      const { outbox, controller } = setup();
      await controller.start();
      await controller.queue(message("written offline"));
      await waitFor(() => expect(register).toHaveBeenCalled());

      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event("online"));
      await waitFor(() => expect(seen.delivered).toBe(1));
      expect(await outbox.list()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });
});

describe("countOutbox, the cheap check every page makes", () => {
  it("is 0 where no outbox exists yet, and does not create one (the outbox can still create its store)", async () => {
    const dbName = `count-test-${++databases}`;
    expect(await countOutbox(dbName)).toBe(0);
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(dbName);

    const outbox = openOutbox({ dbName });
    await outbox.add(message("first"));
    await outbox.add(message("second"));
    expect(await countOutbox(dbName)).toBe(2);
  });
});
