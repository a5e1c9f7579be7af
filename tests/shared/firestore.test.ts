/**
 * The Firestore adapter with the real Firebase SDK (`firebase/firestore/lite`), pointed with
 * `connectFirestoreEmulator` at a node:http server that plays the emulator's REST endpoint.
 */
import { readFileSync } from "node:fs";
import { setLogLevel } from "firebase/firestore/lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFirestoreSave } from "../../src/shared/contact/firestore";
import { createMessage } from "../../src/shared/contact/message";
import { closedPort, type RecordingServer, sendJson, startRecordingServer } from "./recording-server";
import { deliverSaveOnly, saveUnreachable } from "./save-only";

const firebase = { projectId: "demo-portfolio", apiKey: "demo-key", appId: "demo" };
const COMMIT_PATH = "/v1/projects/demo-portfolio/databases/(default)/documents:commit";

let emulator: RecordingServer;
beforeAll(async () => {
  // The SDK logs every failed RPC; the failures here are on purpose.
  setLogLevel("silent");
  emulator = await startRecordingServer();
});
afterAll(async () => {
  await emulator.close();
});

const commitOk = () =>
  emulator.reset((_req, res) =>
    sendJson(res, 200, {
      writeResults: [{ updateTime: "2025-01-01T12:00:00.123456Z" }],
      commitTime: "2025-01-01T12:00:00.123456Z",
    }),
  );

const googleError = (status: number, rpcStatus: string, text: string) =>
  emulator.reset((_req, res) =>
    sendJson(res, status, { error: { code: status, message: text, status: rpcStatus } }),
  );

interface CommitRequest {
  writes: {
    update: { name: string; fields: Record<string, { stringValue?: string }> };
    updateTransforms?: { fieldPath: string; setToServerValue: string }[];
  }[];
}

describe("createFirestoreSave with the real SDK", () => {
  let step: ReturnType<typeof createFirestoreSave>;
  beforeAll(() => {
    step = createFirestoreSave({ firebase, emulator: { host: "127.0.0.1", port: emulator.port } });
  });

  it("commits users/<id> with Name, Email, Message and a server timestamp", async () => {
    commitOk();
    const message = createMessage({
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: "Hello,\nworld",
    });
    expect(await step(message)).toEqual({ ok: true });

    expect(emulator.requests).toHaveLength(1);
    const [request] = emulator.requests;
    expect(request?.method).toBe("POST");
    expect(new URL(request?.url ?? "", emulator.origin).pathname).toBe(COMMIT_PATH);

    const body = JSON.parse(request?.body ?? "") as CommitRequest;
    expect(body.writes).toHaveLength(1);
    const [write] = body.writes;
    expect(write?.update.name).toMatch(new RegExp(`/documents/users/${message.id}$`));
    expect(write?.update.name).toBe(
      `projects/demo-portfolio/databases/(default)/documents/users/${message.id}`,
    );
    expect(write?.update.fields).toStrictEqual({
      Name: { stringValue: "Ada Lovelace" },
      Email: { stringValue: "ada@example.com" },
      Message: { stringValue: "Hello,\nworld" },
    });
    expect(write?.updateTransforms).toEqual([{ fieldPath: "createdAt", setToServerValue: "REQUEST_TIME" }]);
  });

  it("reuses the app for later saves, and a retry writes the same document", async () => {
    commitOk();
    const message = createMessage({ name: "Ada", email: "ada@example.com", message: "Again" });
    expect(await step(message)).toEqual({ ok: true });
    expect(await step(message)).toEqual({ ok: true });
    const names = emulator.requests.map((r) => (JSON.parse(r.body) as CommitRequest).writes[0]?.update.name);
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(names[1]);
  });

  it("maps 503 UNAVAILABLE to a retryable network failure, and deliver stops before notify", async () => {
    googleError(503, "UNAVAILABLE", "The service is currently unavailable.");
    const message = createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" });
    const { result, notified } = await deliverSaveOnly(message, step);
    expect(notified).toBe(false);
    expect(result).toEqual(saveUnreachable("The service is currently unavailable."));
  });

  it("maps 403 PERMISSION_DENIED to a final refusal", async () => {
    googleError(403, "PERMISSION_DENIED", "Missing or insufficient permissions.");
    const outcome = await step(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" }));
    expect(outcome).toEqual({
      ok: false,
      reason: "rejected",
      retryable: false,
      error: expect.stringContaining("Missing or insufficient permissions."),
    });
    expect(outcome.ok === false && outcome.error).toContain("permission-denied");
  });

  it("maps 429 RESOURCE_EXHAUSTED to a retryable refusal", async () => {
    googleError(429, "RESOURCE_EXHAUSTED", "Quota exceeded.");
    expect(await step(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" }))).toMatchObject(
      {
        ok: false,
        reason: "rejected",
        retryable: true,
      },
    );
  });

  it("maps 409 ABORTED to a retryable refusal", async () => {
    googleError(409, "ABORTED", "Too much contention.");
    expect(await step(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" }))).toMatchObject(
      {
        ok: false,
        reason: "rejected",
        retryable: true,
      },
    );
  });

  it("treats a non-JSON answer (captive portal, proxy page) as a retryable network failure", async () => {
    emulator.reset((_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<h1>Bad Gateway</h1>");
    });
    expect(await step(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" }))).toMatchObject(
      {
        ok: false,
        reason: "network",
        retryable: true,
      },
    );
  });

  it("times out a database that never answers (Firestore Lite has no timeout of its own)", async () => {
    emulator.reset(() => {
      // never answer
    });
    const slow = createFirestoreSave({
      firebase,
      emulator: { host: "127.0.0.1", port: emulator.port },
      timeoutMs: 150,
    });
    expect(await slow(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" }))).toEqual({
      ok: false,
      reason: "network",
      retryable: true,
      error: "The database did not answer within 0.2 s.",
    });
  });

  it("maps an unreachable database (closed port) to a retryable network failure", async () => {
    const port = await closedPort();
    const offline = createFirestoreSave({
      firebase,
      emulator: { host: "127.0.0.1", port },
      appName: "contact-offline",
    });
    expect(
      await offline(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" })),
    ).toMatchObject({
      ok: false,
      reason: "network",
      retryable: true,
    });
  });

  it("reports a conflicting app configuration as a final refusal instead of throwing", async () => {
    const clash = createFirestoreSave({
      firebase: { ...firebase, appId: "other" },
      emulator: { host: "127.0.0.1", port: emulator.port },
    });
    expect(
      await clash(createMessage({ name: "Ada", email: "ada@example.com", message: "Hi" })),
    ).toMatchObject({
      ok: false,
      reason: "rejected",
      retryable: false,
      error: expect.stringContaining("duplicate-app"),
    });
  });
});

describe("firestore.ts loading", () => {
  it("imports Firebase only lazily (type-only static imports)", () => {
    const source = readFileSync(new URL("../../src/shared/contact/firestore.ts", import.meta.url), "utf8");
    const staticImports = source.match(/^import\s(?!type\s)[^;]*from\s+"firebase\/[^"]+";/gm) ?? [];
    expect(staticImports).toEqual([]);
    expect(source).toContain('import("firebase/app")');
    expect(source).toContain('import("firebase/firestore/lite")');
  });
});
