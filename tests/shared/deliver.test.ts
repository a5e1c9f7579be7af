import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DeliverDeps,
  type DeliverResult,
  decide,
  deliver,
  type NotifyOutcome,
  type NotifyStep,
  type SaveOutcome,
  type SaveStep,
  type StepFailure,
} from "../../src/shared/contact/deliver";
import { createDeliverDeps } from "../../src/shared/contact/deps";
import { createLocalSave } from "../../src/shared/contact/local";
import { type ContactMessage, createMessage } from "../../src/shared/contact/message";
import { createNotify } from "../../src/shared/contact/notify";
import { closedPort, type RecordingServer, sendJson, startRecordingServer } from "./recording-server";
import { saveUnreachable } from "./save-only";

const message: ContactMessage = createMessage(
  { name: "Ada", email: "ada@example.com", message: "Hello" },
  { id: "2f1c7a52-3b7e-4b8e-9c39-6d2b1f0a8e11", now: 1_700_000_000_000 },
);

/** Records the order in which the steps (and onSaved) ran, and what they received. */
function recorder() {
  const calls: string[] = [];
  const received: ContactMessage[] = [];
  const save =
    (outcome: SaveOutcome): SaveStep =>
    async (m) => {
      calls.push("save");
      received.push(m);
      return outcome;
    };
  const notify =
    (outcome: NotifyOutcome): NotifyStep =>
    async (m) => {
      calls.push("notify");
      received.push(m);
      return outcome;
    };
  const onSaved = () => {
    calls.push("onSaved");
  };
  return { calls, received, save, notify, onSaved };
}

const answered = (status: number, success: boolean, text: string): NotifyOutcome => ({
  ok: true,
  success,
  text,
  status,
});
const networkDown: StepFailure = { ok: false, reason: "network", retryable: true, error: "offline" };

describe("deliver", () => {
  it("saves, then notifies, and returns the server's msg on success", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify(answered(200, true, "Thanks, I will get back to you!")),
      onSaved: r.onSaved,
    });
    expect(r.calls).toEqual(["save", "onSaved", "notify"]);
    expect(r.received).toEqual([message, message]);
    expect(result).toEqual({
      status: "answered",
      success: true,
      text: "Thanks, I will get back to you!",
      httpStatus: 200,
      retryable: false,
    });
  });

  it("maps a refusal from the server to answered/unsuccessful with its error text", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify(answered(400, false, "Invalid email address")),
    });
    expect(result).toEqual({
      status: "answered",
      success: false,
      text: "Invalid email address",
      httpStatus: 400,
      retryable: false,
    });
  });

  it.each([
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [400, false],
    [401, false],
    [404, false],
    [413, false],
  ])("derives retryable for an unsuccessful HTTP %i answer: %s", async (status, retryable) => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify(answered(status, false, "no")),
    });
    expect(result).toMatchObject({ status: "answered", success: false, httpStatus: status, retryable });
  });

  it("never marks a successful answer retryable", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify(answered(503, true, "ok")),
    });
    expect(result).toMatchObject({ status: "answered", success: true, retryable: false });
  });

  it("passes Retry-After through", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify({ ok: true, success: false, text: "Slow down", status: 429, retryAfterMs: 7000 }),
    });
    expect(result).toEqual({
      status: "answered",
      success: false,
      text: "Slow down",
      httpStatus: 429,
      retryable: true,
      retryAfterMs: 7000,
    });
  });

  it("never notifies when the save failed, and does not call onSaved", async () => {
    const r = recorder();
    const refusal: StepFailure = {
      ok: false,
      reason: "rejected",
      retryable: false,
      error: "denied",
      status: 403,
    };
    const result = await deliver(message, {
      save: r.save(refusal),
      notify: r.notify(answered(200, true, "sent")),
      onSaved: r.onSaved,
    });
    expect(r.calls).toEqual(["save"]);
    expect(result).toEqual({ status: "failed", step: "save", failure: refusal });
  });

  it("reports a network failure of the save step", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save(networkDown),
      notify: r.notify(answered(200, true, "sent")),
    });
    expect(r.calls).toEqual(["save"]);
    expect(result).toEqual({ status: "failed", step: "save", failure: networkDown });
  });

  it("reports a network failure of the notify step after a successful save", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify(networkDown),
      onSaved: r.onSaved,
    });
    expect(r.calls).toEqual(["save", "onSaved", "notify"]);
    expect(result).toEqual({ status: "failed", step: "notify", failure: networkDown });
  });

  it("skips the save step when it already succeeded (an outbox retry)", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save(networkDown),
      notify: r.notify(answered(200, true, "sent")),
      saved: true,
      onSaved: r.onSaved,
    });
    expect(r.calls).toEqual(["notify"]);
    expect(result).toMatchObject({ status: "answered", success: true, text: "sent" });
  });

  it("waits for an async onSaved before notifying, and calls it once", async () => {
    const calls: string[] = [];
    let onSavedCount = 0;
    const deps: DeliverDeps = {
      save: async () => {
        calls.push("save");
        return { ok: true };
      },
      onSaved: async () => {
        onSavedCount += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        calls.push("onSaved done");
      },
      notify: async () => {
        calls.push("notify");
        return answered(200, true, "sent");
      },
    };
    await deliver(message, deps);
    expect(onSavedCount).toBe(1);
    expect(calls).toEqual(["save", "onSaved done", "notify"]);
  });

  it("still notifies when onSaved throws (the save happened; a later save is idempotent)", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save({ ok: true }),
      notify: r.notify(answered(200, true, "sent")),
      onSaved: () => {
        throw new Error("IndexedDB is full");
      },
    });
    expect(r.calls).toEqual(["save", "notify"]);
    expect(result).toMatchObject({ status: "answered", success: true });
  });

  it("maps a TypeError thrown by a step to a retryable network failure", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: async () => {
        throw new TypeError("Failed to fetch");
      },
      notify: r.notify(answered(200, true, "sent")),
    });
    expect(r.calls).toEqual([]);
    expect(result).toEqual(saveUnreachable("Failed to fetch"));
  });

  it("maps a timeout/abort thrown by a step to a retryable network failure", async () => {
    const result = await deliver(message, {
      save: async () => ({ ok: true }),
      notify: async () => {
        throw new DOMException("The operation timed out.", "TimeoutError");
      },
    });
    expect(result).toMatchObject({
      status: "failed",
      step: "notify",
      failure: { reason: "network", retryable: true },
    });
  });

  it("maps any other exception to a final refusal with its message", async () => {
    const result = await deliver(message, {
      save: async () => ({ ok: true }),
      notify: () => {
        throw new RangeError("boom");
      },
    });
    expect(result).toEqual({
      status: "failed",
      step: "notify",
      failure: { ok: false, reason: "rejected", retryable: false, error: "boom" },
    });
  });

  it("never rejects, whatever the steps do", async () => {
    const nasty: DeliverDeps[] = [
      { save: () => Promise.reject("a string"), notify: async () => answered(200, true, "") },
      { save: () => Promise.reject(null), notify: async () => answered(200, true, "") },
      {
        save: async () => ({ ok: true }),
        notify: () => Promise.reject(new Error("x")),
      },
      {
        save: async () => undefined as unknown as SaveOutcome,
        notify: async () => answered(200, true, ""),
      },
      {
        save: async () => ({ ok: true }),
        notify: async () => null as unknown as NotifyOutcome,
      },
    ];
    for (const deps of nasty) {
      const result = await deliver(message, deps);
      expect(result).toMatchObject({
        status: "failed",
        failure: { ok: false, reason: "rejected", retryable: false },
      });
    }
  });
});

describe("decide: what becomes of a message, for every kind of answer (real adapters over HTTP)", () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  const config = () => ({ serverUrl: server.origin, apiKey: "test-key", firebase: null });
  const errorBody = (status: number) => ({ success: false, error: `Refused with ${status}` });

  /** The store answers `save`, the notification endpoint `notify` (a status, or a 200 success). */
  function answer(save: number, notify: number, headers: Record<string, string> = {}) {
    server.reset((request, response) => {
      const status = request.url === "/api/messages" ? save : notify;
      if (status < 300) return sendJson(response, status, { success: true, msg: "Thanks!" });
      sendJson(response, status, errorBody(status), headers);
    });
  }

  const attempt = async () => decide(await deliver(message, createDeliverDeps(config())));

  it("both steps accepted: sent, with the server's msg", async () => {
    answer(201, 200);
    expect(await attempt()).toEqual({ kind: "sent", text: "Thanks!" });
  });

  const classes = [
    [400, "invalid"],
    [413, "invalid"],
    [422, "invalid"],
    [401, "refused"],
    [403, "refused"],
    [404, "refused"],
    [408, "retry"],
    [429, "retry"],
    [500, "retry"],
    [502, "retry"],
    [503, "retry"],
    [504, "retry"],
  ] as const;

  it.each(classes)(
    "the save step answers %i: %s, not saved, with the server's error",
    async (status, kind) => {
      answer(status, 200);
      expect(await attempt()).toMatchObject({ kind, status, saved: false, text: `Refused with ${status}` });
      expect(server.requests.map((request) => request.url)).toEqual(["/api/messages"]);
    },
  );

  it.each(classes)("the notify step answers %i: %s, saved, with the server's error", async (status, kind) => {
    answer(201, status);
    expect(await attempt()).toMatchObject({ kind, status, saved: true, text: `Refused with ${status}` });
  });

  it("a Retry-After of a 429 or 503 comes along, at either step", async () => {
    answer(503, 200, { "retry-after": "30" });
    expect(await attempt()).toMatchObject({ kind: "retry", saved: false, retryAfterMs: 30_000 });
    answer(201, 429, { "retry-after": "7" });
    expect(await attempt()).toMatchObject({ kind: "retry", saved: true, retryAfterMs: 7_000 });
  });

  it("a 200 without success: true from the notification server is a refusal, not a loss", async () => {
    server.reset((request, response) =>
      request.url === "/api/messages"
        ? sendJson(response, 201, { success: true })
        : sendJson(response, 200, { success: false, error: "Not today" }),
    );
    expect(await attempt()).toMatchObject({ kind: "refused", status: 200, saved: true, text: "Not today" });
  });

  it("no answer at all (nothing listens), or none in time: retry, with no status", async () => {
    const unreachable = { ...config(), serverUrl: `http://127.0.0.1:${await closedPort()}` };
    expect(decide(await deliver(message, createDeliverDeps(unreachable)))).toMatchObject({
      kind: "retry",
      status: null,
      saved: false,
    });

    server.reset((request, response) => {
      // The store answers; the notification server never does.
      if (request.url === "/api/messages") sendJson(response, 201, { success: true });
    });
    const http = { baseUrl: server.origin, apiKey: "test-key" };
    // The save must succeed however busy the machine is; the notify's short limit is always reached.
    const save = createLocalSave({ ...http, timeoutMs: 30_000 });
    const outcome = decide(
      await deliver(message, { save, notify: createNotify({ ...http, timeoutMs: 200 }) }),
    );
    expect(outcome).toMatchObject({ kind: "retry", status: null, saved: true });
    expect(outcome.text).toMatch(/did not answer within/);
  });

  it("a database's refusal without an HTTP status (a Firestore denial) is refused; its retryable codes retry", () => {
    const failed = (retryable: boolean): DeliverResult => ({
      status: "failed",
      step: "save",
      failure: { ok: false, reason: "rejected", retryable, error: "permission-denied" },
    });
    expect(decide(failed(false))).toEqual({
      kind: "refused",
      text: "permission-denied",
      status: null,
      saved: false,
      retryAfterMs: undefined,
    });
    expect(decide(failed(true))).toMatchObject({ kind: "retry", status: null });
  });
});
