/**
 * Draining the outbox (src/shared/contact/outbox-store.ts), the code both the service worker's sync
 * handler and the page fallback run: the real outbox on fake-indexeddb, the real
 * `createDeliverDeps` and `deliver`, over real HTTP on loopback, against the real server
 * (server/http/build-server.ts) or a node:http recording server for answers the real one cannot be made to give.
 */
import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createDeliverDeps, type PipelineConfig } from "../../src/shared/contact/deps";
import { type ContactMessage, createMessage } from "../../src/shared/contact/message";
import { OUTBOX_NAME, type OutboxMessage } from "../../src/shared/contact/outbox-channel";
import {
  createOutboxSyncListener,
  type DrainOptions,
  defaultOutboxLock,
  drainOutbox,
  type Outbox,
  type OutboxLock,
  openOutbox,
} from "../../src/shared/contact/outbox-store";
import {
  API_KEY,
  mailFiles,
  queueSettled,
  removeTempDirs,
  startServer,
  storedMessages,
  type TestServer,
} from "../server/helpers";
import { closedPort, type RecordingServer, sendJson, startRecordingServer } from "./recording-server";

let databases = 0;
function freshDbName(): string {
  return `drain-test-${++databases}`;
}

function message(n: number): ContactMessage {
  return createMessage(
    { name: `Visitor ${n}`, email: `visitor${n}@example.com`, message: `Hello, this is message ${n}.` },
    { now: 1_700_000_000_000 + n },
  );
}

/** A clock the test moves by hand. */
function clock(start = 1_800_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** The real fetch, with every request written down as "<path> <Idempotency-Key>". */
function observedFetch() {
  const requests: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push(`${new URL(String(input)).pathname} ${headers["Idempotency-Key"]}`);
    return fetch(input, init);
  };
  return { requests, fetchImpl };
}

function pipeline(baseUrl: string): PipelineConfig {
  return { serverUrl: baseUrl, apiKey: API_KEY, firebase: null };
}

/** The entry with this id, as a drain would read it. */
const entryOf = async (outbox: Outbox, id: string) => (await outbox.list()).find((entry) => entry.id === id);

const byPath = (requests: string[], path: string) => requests.filter((line) => line.startsWith(`${path} `));

describe("drain against the real server", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    await removeTempDirs();
  });

  const stored = async () => storedMessages(server.dataDir);

  it("sends every waiting entry once, in queue order, removes it and announces it", async () => {
    const time = clock();
    const outbox = openOutbox({ dbName: freshDbName(), now: time.now });
    const queued = [message(1), message(2), message(3)];
    for (const m of queued) {
      await outbox.add(m);
      time.advance(1000);
    }
    const { requests, fetchImpl } = observedFetch();
    const announced: OutboxMessage[] = [];
    const storedBefore = (await stored()).length;
    const mailsBefore = (await mailFiles(server.dataDir)).length;

    const report = await drainOutbox({
      outbox,
      deps: createDeliverDeps(pipeline(server.url), fetchImpl),
      from: "page",
      announce: (m) => announced.push(m),
    });

    expect(report).toMatchObject({ delivered: queued.map((m) => m.id), failed: [], waiting: [] });
    expect(await outbox.list()).toEqual([]);
    // save then notify, message after message.
    expect(requests).toEqual(
      queued.flatMap((m) => [`/api/messages ${m.id}`, `/email/send-notification ${m.id}`]),
    );
    expect((await stored()).slice(storedBefore).map((line) => line.id)).toEqual(queued.map((m) => m.id));
    await queueSettled(server); // the server answers once a mail is queued, and sends it right after
    expect((await mailFiles(server.dataDir)).length - mailsBefore).toBe(3);
    expect(announced).toEqual(queued.map((m) => ({ type: "OUTBOX_DELIVERED", id: m.id, from: "page" })));
  });

  it("two drains at once (page and worker) send each message once", async () => {
    const dbName = freshDbName();
    const queued = [message(11), message(12)];
    for (const m of queued) await openOutbox({ dbName }).add(m);
    const { requests, fetchImpl } = observedFetch();
    const deps = createDeliverDeps(pipeline(server.url), fetchImpl);
    // The default lock: Web Locks where the runtime has them, else this context's own chain.

    // Two contexts: each its own IndexedDB connection, the same lock name.
    const [page, worker] = await Promise.all([
      drainOutbox({ outbox: openOutbox({ dbName }), deps, from: "page" }),
      drainOutbox({ outbox: openOutbox({ dbName }), deps, from: "worker" }),
    ]);

    expect([...page.delivered, ...worker.delivered].sort()).toEqual(queued.map((m) => m.id).sort());
    expect(requests).toHaveLength(4);
    for (const m of queued) {
      expect(byPath(requests, "/api/messages").filter((line) => line.endsWith(m.id))).toHaveLength(1);
      expect(byPath(requests, "/email/send-notification").filter((line) => line.endsWith(m.id))).toHaveLength(
        1,
      );
    }
    expect(await openOutbox({ dbName }).list()).toEqual([]);
  });

  it("(control) without the lock the same two drains would both send", async () => {
    const dbName = freshDbName();
    await openOutbox({ dbName }).add(message(21));
    const { requests, fetchImpl } = observedFetch();
    const deps = createDeliverDeps(pipeline(server.url), fetchImpl);
    const noLock: OutboxLock = (work) => work();

    await Promise.all([
      drainOutbox({ outbox: openOutbox({ dbName }), deps, from: "page", lock: noLock }),
      drainOutbox({ outbox: openOutbox({ dbName }), deps, from: "worker", lock: noLock }),
    ]);
    expect(byPath(requests, "/email/send-notification")).toHaveLength(2);
  });

  it("skips the save step of an entry already saved: the message is stored once", async () => {
    const outbox = openOutbox({ dbName: freshDbName() });
    const m = message(31);
    // The submit saved it, then notify failed at the network level.
    await createDeliverDeps(pipeline(server.url)).save(m);
    await outbox.add(m, { kind: "retry", text: "Network error", status: null, saved: true });
    const { requests, fetchImpl } = observedFetch();

    const report = await drainOutbox({
      outbox,
      deps: createDeliverDeps(pipeline(server.url), fetchImpl),
      from: "worker",
    });
    expect(report.delivered).toEqual([m.id]);
    expect(requests).toEqual([`/email/send-notification ${m.id}`]);
    expect((await stored()).filter((line) => line.id === m.id)).toHaveLength(1);
  });

  it("a 429 from the real rate limit keeps the entry until its Retry-After has passed", async () => {
    const limited = await startServer({ RATE_LIMIT_MAX: "1", RATE_LIMIT_WINDOW_MS: "60000" });
    try {
      const time = clock(Date.now());
      const outbox = openOutbox({ dbName: freshDbName(), now: time.now });
      const [first, second] = [message(41), message(42)];
      await outbox.add(first);
      time.advance(1);
      await outbox.add(second);

      const report = await drainOutbox({
        outbox,
        deps: createDeliverDeps(pipeline(limited.url)),
        from: "worker",
        now: time.now,
      });
      expect(report.delivered).toEqual([first.id]);
      expect(report.waiting).toEqual([second.id]);
      const entry = await entryOf(outbox, second.id);
      expect(entry).toMatchObject({ status: "pending", attempts: 1, saved: false, lastStatus: 429 });
      // @fastify/rate-limit answers Retry-After in seconds; the window is 60 s.
      expect(entry?.nextAttemptAt).toBeGreaterThan(time.now());
      expect(entry?.nextAttemptAt).toBeLessThanOrEqual(time.now() + 60_000);
      expect(report.nextAttemptAt).toBe(entry?.nextAttemptAt);
    } finally {
      await limited.close();
    }
  });
});

describe("drain: answers the real server does not give on demand (recording server)", () => {
  let recording: RecordingServer;
  beforeAll(async () => {
    recording = await startRecordingServer();
  });
  afterAll(async () => {
    await recording.close();
  });
  afterEach(() => {
    recording.reset((_request, response) => sendJson(response, 500, { error: "no handler" }));
  });

  /** Saves succeed; notify answers with `status` and `body` (and headers). */
  function answerNotify(status: number, body: unknown, headers: Record<string, string> = {}) {
    recording.reset((request, response) => {
      if (request.url === "/api/messages") sendJson(response, 201, { success: true, msg: "Stored" });
      else sendJson(response, status, body, headers);
    });
  }

  function options(extra: Partial<DrainOptions> & Pick<DrainOptions, "outbox">): DrainOptions {
    return { deps: createDeliverDeps(pipeline(recording.origin)), from: "worker", ...extra };
  }

  it("a 5xx is retryable: the entry stays with attempts + 1, the error and saved: true", async () => {
    answerNotify(503, { success: false, error: "Mail is down." });
    const time = clock();
    const outbox = openOutbox({ dbName: freshDbName(), now: time.now });
    const m = message(51);
    await outbox.add(m);
    time.advance(10);

    const report = await drainOutbox(options({ outbox, now: time.now }));
    expect(report).toMatchObject({ delivered: [], waiting: [m.id], nextAttemptAt: null });
    expect(await entryOf(outbox, m.id)).toMatchObject({
      status: "pending",
      saved: true,
      attempts: 1,
      lastError: "Mail is down.",
      lastStatus: 503,
      nextAttemptAt: null,
    });

    // The next drain skips the save step and, this time, delivers.
    answerNotify(200, { success: true, msg: "Thanks!" });
    expect((await drainOutbox(options({ outbox, now: time.now }))).delivered).toEqual([m.id]);
    expect(recording.requests.map((request) => request.url)).toEqual(["/email/send-notification"]);
    expect(await outbox.list()).toEqual([]);
  });

  it("a network failure is retryable, and later entries wait behind it (order kept)", async () => {
    const outbox = openOutbox({ dbName: freshDbName() });
    const [first, second] = [message(61), message(62)];
    await outbox.add(first);
    await outbox.add(second);
    const unreachable = createDeliverDeps(pipeline(`http://127.0.0.1:${await closedPort()}`));

    const report = await drainOutbox({ outbox, deps: unreachable, from: "page" });
    expect(report).toMatchObject({ waiting: [first.id, second.id] });
    expect(await entryOf(outbox, first.id)).toMatchObject({ attempts: 1, saved: false, status: "pending" });
    expect((await entryOf(outbox, first.id))?.lastError).toMatch(/Could not reach the message store/);
    expect(await entryOf(outbox, second.id)).toMatchObject({ attempts: 0, lastError: null });
  });

  it("a 429 with Retry-After sets nextAttemptAt; the entry is not tried before then", async () => {
    answerNotify(429, { success: false, error: "Too many messages." }, { "retry-after": "120" });
    const time = clock();
    const outbox = openOutbox({ dbName: freshDbName(), now: time.now });
    const m = message(71);
    await outbox.add(m);

    const report = await drainOutbox(options({ outbox, now: time.now }));
    expect(report.waiting).toEqual([m.id]);
    expect(await entryOf(outbox, m.id)).toMatchObject({
      attempts: 1,
      saved: true,
      lastStatus: 429,
      nextAttemptAt: time.now() + 120_000,
    });
    expect(report.nextAttemptAt).toBe(time.now() + 120_000);

    answerNotify(200, { success: true, msg: "Thanks!" });
    time.advance(119_000);
    const early = await drainOutbox(options({ outbox, now: time.now }));
    expect(early).toMatchObject({ delivered: [], waiting: [m.id] });
    expect(recording.requests).toHaveLength(0);

    time.advance(1_000);
    expect((await drainOutbox(options({ outbox, now: time.now }))).delivered).toEqual([m.id]);
    expect(recording.requests.map((request) => request.url)).toEqual(["/email/send-notification"]);
  });

  it("any other refusal is final: the entry stays, marked failed, and no longer blocks the queue", async () => {
    const outbox = openOutbox({ dbName: freshDbName() });
    const [refused, next] = [message(81), message(82)];
    await outbox.add(refused);
    await outbox.add(next);
    recording.reset((request, response) => {
      if (request.url === "/api/messages") return sendJson(response, 201, { success: true });
      const body = JSON.parse(request.body) as { email: string };
      if (body.email === refused.email)
        return sendJson(response, 400, { success: false, error: "Invalid email" });
      sendJson(response, 200, { success: true, msg: "Thanks!" });
    });
    const announced: OutboxMessage[] = [];

    const report = await drainOutbox(options({ outbox, announce: (m) => announced.push(m) }));
    expect(report).toMatchObject({ failed: [refused.id], delivered: [next.id], waiting: [] });
    expect(await outbox.list()).toMatchObject([
      {
        id: refused.id,
        status: "failed",
        saved: true,
        attempts: 1,
        lastError: "Invalid email",
        lastStatus: 400,
      },
    ]);
    expect(announced).toEqual([
      { type: "OUTBOX_CHANGED", from: "worker" },
      { type: "OUTBOX_DELIVERED", id: next.id, from: "worker" },
    ]);

    // A failed entry is never sent again automatically.
    recording.reset((_request, response) => sendJson(response, 200, { success: true }));
    expect(await drainOutbox(options({ outbox }))).toMatchObject({ delivered: [], waiting: [] });
    expect(recording.requests).toHaveLength(0);
    expect(await entryOf(outbox, refused.id)).toMatchObject({ status: "failed" });
  });

  it("a non-retryable save refusal is final too", async () => {
    recording.reset((_request, response) => sendJson(response, 422, { success: false, error: "Key reused" }));
    const outbox = openOutbox({ dbName: freshDbName() });
    const m = message(91);
    await outbox.add(m);
    expect((await drainOutbox(options({ outbox }))).failed).toEqual([m.id]);
    expect(await entryOf(outbox, m.id)).toMatchObject({ status: "failed", saved: false, lastStatus: 422 });
  });

  it("records saved: true before notify runs", async () => {
    const outbox = openOutbox({ dbName: freshDbName() });
    const m = message(101);
    await outbox.add(m);
    let savedDuringNotify: boolean | undefined;
    recording.reset((request, response) => {
      if (request.url === "/api/messages") return sendJson(response, 201, { success: true });
      void entryOf(outbox, m.id).then((entry) => {
        savedDuringNotify = entry?.saved;
        sendJson(response, 503, { success: false, error: "Try later" });
      });
    });
    await drainOutbox(options({ outbox }));
    expect(savedDuringNotify).toBe(true);
  });

  it("offline, nothing is tried", async () => {
    const outbox = openOutbox({ dbName: freshDbName() });
    await outbox.add(message(111));
    const report = await drainOutbox(options({ outbox, isOnline: () => false }));
    expect(report).toMatchObject({ offline: true, waiting: [expect.any(String)], delivered: [] });
    expect(recording.requests).toHaveLength(0);
    expect(await outbox.list()).toMatchObject([{ attempts: 0 }]);
  });
});

describe("the worker's sync listener", () => {
  let recording: RecordingServer;
  beforeAll(async () => {
    recording = await startRecordingServer();
  });
  afterAll(async () => {
    await recording.close();
  });

  /** A SyncEvent as the browser hands it over: a tag, and waitUntil. */
  function syncEvent(tag: string) {
    const waited: Promise<unknown>[] = [];
    return {
      event: { tag, waitUntil: (p: Promise<unknown>) => void waited.push(p) },
      waited,
    };
  }

  function listener(dbName: string, announce?: (m: OutboxMessage) => void) {
    return createOutboxSyncListener({
      outbox: openOutbox({ dbName }),
      deps: createDeliverDeps(pipeline(recording.origin)),
      from: "worker",
      lock: defaultOutboxLock(),
      ...(announce ? { announce } : {}),
    });
  }

  it("ignores other tags", () => {
    const { event, waited } = syncEvent("something-else");
    listener(freshDbName())(event);
    expect(waited).toHaveLength(0);
  });

  it("keeps the event alive until delivered, and announces it", async () => {
    recording.reset((_request, response) => sendJson(response, 200, { success: true, msg: "ok" }));
    const dbName = freshDbName();
    const m = message(121);
    await openOutbox({ dbName }).add(m);
    const announced: OutboxMessage[] = [];
    const { event, waited } = syncEvent(OUTBOX_NAME);
    listener(dbName, (x) => announced.push(x))(event);
    expect(waited).toHaveLength(1);
    await expect(waited[0]).resolves.toMatchObject({ delivered: [m.id] });
    expect(announced).toContainEqual({ type: "OUTBOX_DELIVERED", id: m.id, from: "worker" });
  });

  it("trusts the sync event over a navigator.onLine that still says offline", async () => {
    recording.reset((_request, response) => sendJson(response, 200, { success: true, msg: "ok" }));
    vi.stubGlobal("navigator", { onLine: false });
    try {
      const dbName = freshDbName();
      const m = message(125);
      await openOutbox({ dbName }).add(m);
      const { event, waited } = syncEvent(OUTBOX_NAME);
      listener(dbName)(event);
      await expect(waited[0]).resolves.toMatchObject({ delivered: [m.id], offline: false });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("rejects waitUntil on a retryable failure so the browser retries", async () => {
    recording.reset((_request, response) =>
      sendJson(response, 502, { success: false, error: "Bad gateway" }),
    );
    const dbName = freshDbName();
    await openOutbox({ dbName }).add(message(131));
    const { event, waited } = syncEvent(OUTBOX_NAME);
    listener(dbName)(event);
    await expect(waited[0]).rejects.toThrow("1 message(s) could not be sent yet");
    expect(await openOutbox({ dbName }).list()).toMatchObject([{ attempts: 1, status: "pending" }]);
  });

  it("resolves when only refused (failed) entries are left: retrying would not help", async () => {
    recording.reset((_request, response) =>
      sendJson(response, 400, { success: false, error: "Bad request" }),
    );
    const dbName = freshDbName();
    await openOutbox({ dbName }).add(message(141));
    const { event, waited } = syncEvent(OUTBOX_NAME);
    listener(dbName)(event);
    await expect(waited[0]).resolves.toMatchObject({ failed: [expect.any(String)], waiting: [] });
  });
});
