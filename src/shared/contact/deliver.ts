/** R-4.3's save, then notify, for one message. Never throws: `decide` says what becomes of the message. */
import { failureFromThrown, isInputStatus, isRetryableStatus, type StepFailure } from "./failure";
import type { ContactMessage } from "./message";

export type { StepFailure };

export type SaveOutcome = { ok: true } | StepFailure;

/** ok:true = the server answered with HTTP; `text` = `msg` when success, else `error`. */
export type NotifyOutcome =
  | { ok: true; success: boolean; text: string; status: number; retryAfterMs?: number }
  | StepFailure;

export type SaveStep = (message: ContactMessage) => Promise<SaveOutcome>;
export type NotifyStep = (message: ContactMessage) => Promise<NotifyOutcome>;

export interface DeliverDeps {
  save: SaveStep;
  notify: NotifyStep;
  /** The save step already succeeded for this message (an outbox retry): it is skipped. */
  saved?: boolean;
  /** Called after the save step succeeded, before notify (the outbox records it). */
  onSaved?: () => void | Promise<void>;
}

export type DeliverResult =
  /** notify reached the server (retryable: !success and 408, 429 or 5xx). */
  | {
      status: "answered";
      success: boolean;
      text: string;
      httpStatus: number;
      retryable: boolean;
      retryAfterMs?: number;
    }
  | { status: "failed"; step: "save" | "notify"; failure: StepFailure };

/** Runs one step; a thrown exception or a malformed result becomes a failure. */
async function runStep<T extends { ok: boolean }>(
  step: () => Promise<T>,
  name: string,
): Promise<T | StepFailure> {
  try {
    const outcome = await step();
    if (typeof outcome?.ok === "boolean") return outcome;
    return { ok: false, reason: "rejected", retryable: false, error: `The ${name} step returned no result.` };
  } catch (error) {
    return failureFromThrown(error);
  }
}

export async function deliver(message: ContactMessage, deps: DeliverDeps): Promise<DeliverResult> {
  if (!deps.saved) {
    const saved = await runStep(() => deps.save(message), "save");
    if (!saved.ok) return { status: "failed", step: "save", failure: saved };
    try {
      await deps.onSaved?.();
    } catch {
      // The save happened; failing to record it only means a later retry saves again, which is
      // harmless (same document id / Idempotency-Key). Notify must still run now.
    }
  }

  const notified = await runStep(() => deps.notify(message), "notify");
  if (!notified.ok) return { status: "failed", step: "notify", failure: notified };

  return {
    status: "answered",
    success: notified.success,
    text: notified.text,
    httpStatus: notified.status,
    retryable: !notified.success && isRetryableStatus(notified.status),
    retryAfterMs: notified.retryAfterMs,
  };
}

/**
 * What becomes of a message after an attempt (R-8, R-11.4; the cases are drawn in
 * docs/architecture.md). For all but `sent`, `text` says what went wrong and `saved` whether the
 * save step succeeded.
 */
export type Decision =
  | { kind: "sent"; text: string }
  | {
      kind: "invalid" | "retry" | "refused";
      text: string;
      status: number | null;
      saved: boolean;
      retryAfterMs?: number | undefined;
    };

/** An attempt that did not deliver the message. */
export type NotSent = Exclude<Decision, { kind: "sent" }>;

export function decide(result: DeliverResult): Decision {
  if (result.status === "answered") {
    if (result.success) return { kind: "sent", text: result.text };
    const { httpStatus: status, text, retryAfterMs } = result;
    const kind = isInputStatus(status) ? "invalid" : result.retryable ? "retry" : "refused";
    return { kind, text, status, saved: true, retryAfterMs };
  }
  const { failure, step } = result;
  const status = failure.status ?? null;
  const kind = failure.retryable ? "retry" : isInputStatus(status) ? "invalid" : "refused";
  return { kind, text: failure.error, status, saved: step === "notify", retryAfterMs: failure.retryAfterMs };
}
