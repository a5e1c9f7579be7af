import { describe, expect, it } from "vitest";
import {
  type DeliverDeps,
  deliver,
  type NotifyOutcome,
  type NotifyStep,
  type SaveOutcome,
  type SaveStep,
  type StepFailure,
} from "../../src/shared/contact/deliver";
import { type ContactMessage, createMessage } from "../../src/shared/contact/message";
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

  it("skips a step already done", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save(networkDown),
      notify: r.notify(answered(200, true, "sent")),
      done: { saved: true },
      onSaved: r.onSaved,
    });
    expect(r.calls).toEqual(["notify"]);
    expect(result).toMatchObject({ status: "answered", success: true, text: "sent" });

    const r2 = recorder();
    const result2 = await deliver(message, {
      save: r2.save({ ok: true }),
      notify: r2.notify(networkDown),
      done: { notified: true },
      onSaved: r2.onSaved,
    });
    expect(r2.calls).toEqual(["save", "onSaved"]);
    expect(result2).toEqual({ status: "answered", success: true, text: "", httpStatus: 0, retryable: false });
  });

  it("runs nothing when both steps are done", async () => {
    const r = recorder();
    const result = await deliver(message, {
      save: r.save(networkDown),
      notify: r.notify(networkDown),
      done: { saved: true, notified: true },
      onSaved: r.onSaved,
    });
    expect(r.calls).toEqual([]);
    expect(result).toEqual({ status: "answered", success: true, text: "", httpStatus: 0, retryable: false });
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
