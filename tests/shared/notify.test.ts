import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliver } from "../../src/shared/contact/deliver";
import { createMessage } from "../../src/shared/contact/message";
import { createNotify } from "../../src/shared/contact/notify";
import { closedPort, type RecordingServer, sendJson, startRecordingServer } from "./recording-server";

const API_KEY = "test-api-key";
const message = createMessage({ name: "Ada", email: "ada@example.com", message: "Hello,\nworld" });

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

const notify = (options: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createNotify({
    baseUrl: options.baseUrl ?? server.origin,
    apiKey: API_KEY,
    timeoutMs: options.timeoutMs ?? 5000,
  });

describe("createNotify over real HTTP", () => {
  it("POSTs exactly {name,email,message} with the key and the Idempotency-Key, and returns msg", async () => {
    server.reset((_req, res) => sendJson(res, 200, { success: true, msg: "Thanks, I will reply soon!" }));
    const outcome = await notify()(message);

    expect(outcome).toEqual({ ok: true, success: true, text: "Thanks, I will reply soon!", status: 200 });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/email/send-notification");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-api-key"]).toBe(API_KEY);
    expect(request?.headers["idempotency-key"]).toBe(message.id);
    expect(JSON.parse(request?.body ?? "")).toStrictEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "Hello,\nworld",
    });
  });

  it("strips a trailing slash from the base URL", async () => {
    server.reset((_req, res) => sendJson(res, 200, { success: true, msg: "ok" }));
    await notify({ baseUrl: `${server.origin}/` })(message);
    expect(server.requests[0]?.url).toBe("/email/send-notification");
  });

  it("uses the fetch it is given", async () => {
    server.reset((_req, res) => sendJson(res, 200, { success: true, msg: "ok" }));
    const seen: string[] = [];
    const step = createNotify({
      baseUrl: server.origin,
      apiKey: API_KEY,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await step(message)).toMatchObject({ ok: true, success: true });
    expect(seen).toEqual([`${server.origin}/email/send-notification`]);
  });

  it("returns the server's error on a 400 refusal", async () => {
    server.reset((_req, res) =>
      sendJson(res, 400, { success: false, error: "Please provide a valid email." }),
    );
    expect(await notify()(message)).toEqual({
      ok: true,
      success: false,
      text: "Please provide a valid email.",
      status: 400,
    });
  });

  it("treats a 200 without success:true as unsuccessful", async () => {
    server.reset((_req, res) => sendJson(res, 200, { success: "yes", msg: "?" }));
    expect(await notify()(message)).toEqual({
      ok: true,
      success: false,
      text: "The notification server answered with HTTP 200.",
      status: 200,
    });
  });

  it("answers a 502 from a proxy as unsuccessful and retryable", async () => {
    server.reset((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
    });
    const step = notify();
    expect(await step(message)).toEqual({
      ok: true,
      success: false,
      text: "The notification server answered with HTTP 502.",
      status: 502,
    });
    expect(await deliver(message, { save: async () => ({ ok: true }), notify: step })).toMatchObject({
      status: "answered",
      success: false,
      httpStatus: 502,
      retryable: true,
    });
  });

  it("reports Retry-After on a 429", async () => {
    server.reset((_req, res) =>
      sendJson(res, 429, { success: false, error: "Too many messages, try later." }, { "Retry-After": "7" }),
    );
    const step = notify();
    expect(await step(message)).toEqual({
      ok: true,
      success: false,
      text: "Too many messages, try later.",
      status: 429,
      retryAfterMs: 7000,
    });
    expect(await deliver(message, { save: async () => ({ ok: true }), notify: step })).toEqual({
      status: "answered",
      success: false,
      text: "Too many messages, try later.",
      httpStatus: 429,
      retryable: true,
      retryAfterMs: 7000,
    });
  });

  it("gives a clear text for a static host's HTML 404 page", async () => {
    server.reset((_req, res) => {
      res.writeHead(404, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Page not found</title><h1>404</h1>");
    });
    const outcome = await notify()(message);
    expect(outcome).toEqual({
      ok: true,
      success: false,
      text: "The notification server answered with HTTP 404.",
      status: 404,
    });
    expect(await deliver(message, { save: async () => ({ ok: true }), notify: notify() })).toMatchObject({
      status: "answered",
      retryable: false,
    });
  });

  it("turns a server that never answers into a retryable network failure after timeoutMs", async () => {
    let reached: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      reached = resolve;
    });
    server.reset(() => reached()); // never answer
    const outcome = await createNotify({
      baseUrl: server.origin,
      apiKey: API_KEY,
      timeoutMs: 150,
      // The time limit's abort is passed on once the request has reached the server, so a slow
      // machine cannot turn "no answer" into "not reached".
      fetch: (input, init) => {
        const held = new AbortController();
        const limit = init?.signal;
        void arrived.then(() => {
          if (limit?.aborted) held.abort(limit.reason);
          else limit?.addEventListener("abort", () => held.abort(limit.reason), { once: true });
        });
        return fetch(input, { ...init, signal: held.signal });
      },
    })(message);
    expect(outcome).toEqual({
      ok: false,
      reason: "network",
      retryable: true,
      error: "The notification server did not answer within 0.2 s.",
    });
    expect(server.requests).toHaveLength(1);
  });

  it("turns a closed port into a retryable network failure", async () => {
    const port = await closedPort();
    const outcome = await notify({ baseUrl: `http://127.0.0.1:${port}` })(message);
    expect(outcome).toMatchObject({ ok: false, reason: "network", retryable: true });
    expect(outcome.ok === false && outcome.error).toMatch(/^Could not reach the notification server/);
    expect(outcome).not.toHaveProperty("status");
  });
});
