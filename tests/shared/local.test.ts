import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalSave } from "../../src/shared/contact/local";
import { createMessage } from "../../src/shared/contact/message";
import { closedPort, type RecordingServer, sendJson, startRecordingServer } from "./recording-server";
import { deliverSaveOnly } from "./save-only";

const API_KEY = "test-api-key";
const message = createMessage({ name: "Ada", email: "ada@example.com", message: "Hello" });

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

const save = (options: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createLocalSave({
    baseUrl: options.baseUrl ?? server.origin,
    apiKey: API_KEY,
    timeoutMs: options.timeoutMs ?? 5000,
  });

describe("createLocalSave over real HTTP", () => {
  it("POSTs exactly {id,name,email,message} with the key and the Idempotency-Key", async () => {
    server.reset((_req, res) => sendJson(res, 201, { success: true, msg: "Stored" }));
    expect(await save()(message)).toEqual({ ok: true });

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/api/messages");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-api-key"]).toBe(API_KEY);
    expect(request?.headers["idempotency-key"]).toBe(message.id);
    expect(JSON.parse(request?.body ?? "")).toStrictEqual({
      id: message.id,
      name: "Ada",
      email: "ada@example.com",
      message: "Hello",
    });
  });

  it("strips a trailing slash from the base URL and accepts a 204", async () => {
    server.reset((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    expect(await save({ baseUrl: `${server.origin}/` })(message)).toEqual({ ok: true });
    expect(server.requests[0]?.url).toBe("/api/messages");
  });

  it("reports a 400 as a final refusal with the server's error", async () => {
    server.reset((_req, res) =>
      sendJson(res, 400, { success: false, error: "body/email must match format" }),
    );
    expect(await save()(message)).toEqual({
      ok: false,
      reason: "rejected",
      retryable: false,
      error: "body/email must match format",
      status: 400,
    });
  });

  it("reports a 502 HTML page as a retryable refusal", async () => {
    server.reset((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<h1>Bad Gateway</h1>");
    });
    expect(await save()(message)).toEqual({
      ok: false,
      reason: "rejected",
      retryable: true,
      error: "The message store answered with HTTP 502.",
      status: 502,
    });
  });

  it("reports a 429 as retryable with Retry-After", async () => {
    server.reset((_req, res) =>
      sendJson(res, 429, { success: false, error: "Rate limit exceeded" }, { "Retry-After": "7" }),
    );
    expect(await save()(message)).toEqual({
      ok: false,
      reason: "rejected",
      retryable: true,
      error: "Rate limit exceeded",
      status: 429,
      retryAfterMs: 7000,
    });
  });

  it("does not take a static host's 200 HTML fallback page for a save", async () => {
    server.reset((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><div id=root></div>");
    });
    expect(await save()(message)).toMatchObject({
      ok: false,
      reason: "rejected",
      retryable: false,
      status: 200,
    });
  });

  it("stops deliver before notify when the store refuses", async () => {
    server.reset((_req, res) => sendJson(res, 401, { success: false, error: "Invalid API key" }));
    const { result, notified } = await deliverSaveOnly(message, save());
    expect(notified).toBe(false);
    expect(result).toEqual({
      status: "failed",
      step: "save",
      failure: { ok: false, reason: "rejected", retryable: false, error: "Invalid API key", status: 401 },
    });
  });

  it("turns a server that never answers into a retryable network failure after timeoutMs", async () => {
    server.reset(() => {
      // never answer
    });
    expect(await save({ timeoutMs: 150 })(message)).toEqual({
      ok: false,
      reason: "network",
      retryable: true,
      error: "The message store did not answer within 0.2 s.",
    });
  });

  it("turns a closed port into a retryable network failure", async () => {
    const port = await closedPort();
    const outcome = await save({ baseUrl: `http://127.0.0.1:${port}` })(message);
    expect(outcome).toMatchObject({ ok: false, reason: "network", retryable: true });
    expect(outcome.ok === false && outcome.error).toMatch(/^Could not reach the message store/);
  });
});
