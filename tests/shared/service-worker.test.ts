/**
 * sw/sw.ts itself, with the real Workbox, in a bare worker scope: which navigations it answers and
 * with which precached document, what it leaves to the network, the outbox drain on a "sync", and
 * SKIP_WAITING. The scope is an EventTarget with an in-memory Cache Storage (Node has no
 * service-worker globals); the outbox is the real one on fake-indexeddb, sent over real HTTP to a
 * recording server, which is also the worker's origin.
 */
import "fake-indexeddb/auto";
import { pageFile, type RouteId } from "../../src/config/routes";
import { createMessage } from "../../src/shared/contact/message";
import { OUTBOX_NAME } from "../../src/shared/contact/outbox-channel";
import { openOutbox } from "../../src/shared/contact/outbox-store";
import { skipWaitingMessage } from "../../src/shared/pwa/messages";
import { type RecordingServer, sendJson, startRecordingServer } from "./recording-server";

const DOCUMENTS: RouteId[] = ["home", "skills", "notFound"];

/** Cache Storage in memory, keyed by path (Workbox asks with its revisioned URLs). */
function memoryCaches() {
  const stored = new Map<string, Response>();
  const keyOf = (request: RequestInfo | URL) =>
    new URL(request instanceof Request ? request.url : String(request), location.href).pathname;
  const cache = {
    match: async (request: RequestInfo | URL) => stored.get(keyOf(request))?.clone(),
    put: async (request: RequestInfo | URL, response: Response) => void stored.set(keyOf(request), response),
    delete: async (request: RequestInfo | URL) => stored.delete(keyOf(request)),
    keys: async () => [],
  };
  return {
    stored,
    open: async () => cache,
    match: cache.match,
    has: async () => true,
    keys: async () => [],
    delete: async () => true,
  };
}

let server: RecordingServer;
let scope: EventTarget;
let caches: ReturnType<typeof memoryCaches>;
let skipped = 0;

beforeAll(async () => {
  server = await startRecordingServer();
  caches = memoryCaches();
  scope = Object.assign(new EventTarget(), {
    __WB_MANIFEST: DOCUMENTS.map((id) => ({ url: `/${pageFile(id)}`, revision: "1" })),
    caches,
    location: new URL(`${server.origin}/sw.js`),
    registration: { scope: `${server.origin}/` },
    clients: { claim: async () => {} },
    skipWaiting: async () => {
      skipped += 1;
    },
  });
  Object.assign(globalThis, {
    self: scope,
    caches,
    location: new URL(`${server.origin}/sw.js`),
    __PIPELINE_CONFIG__: { serverUrl: server.origin, apiKey: "test-key", firebase: null },
  });
  // Workbox's development build reads the user agent (Node 20 has no navigator) and checks events
  // against FetchEvent and ExtendableEvent.
  if (typeof navigator === "undefined") Object.assign(globalThis, { navigator: { userAgent: "Node.js" } });
  Object.assign(globalThis, { FetchEvent: Event, ExtendableEvent: Event });
  // Not a literal: the tests' tsconfig has no WebWorker lib to check the worker with (sw/tsconfig.json does).
  const worker = "../../sw/sw.ts";
  await import(/* @vite-ignore */ worker);
});
afterAll(async () => {
  await server.close();
});

/** Dispatches an event with `extra` on the scope; resolves to what it was answered with or waited on. */
function dispatch(type: string, extra: Record<string, unknown>) {
  let answered: Promise<unknown> | undefined;
  const event = Object.assign(new Event(type), extra, {
    respondWith: (response: Promise<unknown>) => {
      answered = response;
    },
    waitUntil: (work: Promise<unknown>) => {
      answered = work;
    },
  });
  scope.dispatchEvent(event);
  return answered;
}

/** A navigation to `path`: Node's Request refuses mode "navigate", so the mode is set on the object. */
function navigate(path: string): Promise<Response> | undefined {
  const request = new Request(new URL(path, server.origin));
  Object.defineProperty(request, "mode", { value: "navigate" });
  return dispatch("fetch", { request }) as Promise<Response> | undefined;
}

describe("navigations", () => {
  beforeAll(() => {
    for (const id of DOCUMENTS) {
      caches.stored.set(
        `/${pageFile(id)}`,
        new Response(`document of ${id}`, { headers: { "content-type": "text/html" } }),
      );
    }
  });

  it("answers a route, with or without its trailing slash, with its prerendered page", async () => {
    expect(await (await navigate("/skills"))?.text()).toBe("document of skills");
    expect(await (await navigate("/skills/"))?.text()).toBe("document of skills");
    expect(await (await navigate("/"))?.text()).toBe("document of home");
  });

  it("answers an unknown path with the not-found page", async () => {
    expect(await (await navigate("/no/such/page"))?.text()).toBe("document of notFound");
  });

  it("leaves the API, the notification endpoint and files to the network", () => {
    for (const path of ["/api/messages", "/email/send-notification", "/resume.pdf", "/robots.txt"]) {
      expect(navigate(path), path).toBeUndefined();
    }
  });
});

describe("before the precache is filled", () => {
  beforeAll(() => caches.stored.clear());

  it("a navigation goes to the network", async () => {
    server.reset((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("from the network");
    });
    expect(await (await navigate("/skills"))?.text()).toBe("from the network");
    expect(server.requests.map((request) => request.url)).toEqual(["/skills"]);
  });
});

describe("the outbox's Background Sync", () => {
  const outbox = openOutbox();

  it("drains the outbox on its sync tag, and on no other", async () => {
    server.reset((request, response) =>
      request.url === "/api/messages"
        ? sendJson(response, 201, { success: true })
        : sendJson(response, 200, { success: true, msg: "Thanks!" }),
    );
    await outbox.add(createMessage({ name: "Zoë", email: "zoe@example.com", message: "from the worker" }));
    expect(dispatch("sync", { tag: "some-other-tag" })).toBeUndefined();
    expect(server.requests).toHaveLength(0);

    await dispatch("sync", { tag: OUTBOX_NAME });
    expect(server.requests.map((request) => request.url)).toEqual([
      "/api/messages",
      "/email/send-notification",
    ]);
    expect(await outbox.list()).toEqual([]);
  });

  it("fails the sync while a message still waits, so the browser tries again", async () => {
    server.reset((_request, response) => sendJson(response, 503, { success: false, error: "Busy" }));
    await outbox.add(createMessage({ name: "Zoë", email: "zoe@example.com", message: "not yet" }));
    await expect(dispatch("sync", { tag: OUTBOX_NAME })).rejects.toThrow(/try again/);
    expect(await outbox.list()).toHaveLength(1);
  });
});

describe("updates", () => {
  it("skips waiting only when a page asks with SKIP_WAITING", async () => {
    dispatch("message", { data: { type: "SOMETHING_ELSE" } });
    expect(skipped).toBe(0);
    await dispatch("message", { data: skipWaitingMessage });
    expect(skipped).toBe(1);
  });
});
