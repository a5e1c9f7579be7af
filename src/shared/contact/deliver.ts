/**
 * The spec's sequence for one message: save, then notify. Never throws: every outcome,
 * expected or not, comes back as a typed result the page and the outbox act on.
 */
import { failureFromThrown, isRetryableStatus, type StepFailure } from "./failure";
import type { ContactMessage } from "./message";

// Defined with the failure helpers (no import cycle); named here too for the steps' authors.
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
  /** Steps already done for this message (outbox retries): they are skipped. */
  done?: { saved?: boolean; notified?: boolean };
  /** Called after the save step succeeded, before notify (the outbox records it). */
  onSaved?: () => void | Promise<void>;
}

export type DeliverResult =
  /** notify reached the server (retryable: !success && (429 || 5xx)). */
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
    if (typeof outcome !== "object" || outcome === null || typeof outcome.ok !== "boolean") {
      return {
        ok: false,
        reason: "rejected",
        retryable: false,
        error: `The ${name} step returned no result.`,
      };
    }
    return outcome;
  } catch (error) {
    return failureFromThrown(error);
  }
}

export async function deliver(message: ContactMessage, deps: DeliverDeps): Promise<DeliverResult> {
  const done = deps.done ?? {};

  if (!done.saved) {
    const saved = await runStep(() => deps.save(message), "save");
    if (!saved.ok) return { status: "failed", step: "save", failure: saved };
    try {
      await deps.onSaved?.();
    } catch {
      // The save happened; failing to record it only means a later retry saves again, which is
      // harmless (same document id / Idempotency-Key). Notify must still run now.
    }
  }

  if (done.notified) {
    return { status: "answered", success: true, text: "", httpStatus: 0, retryable: false };
  }

  const notified = await runStep(() => deps.notify(message), "notify");
  if (!notified.ok) return { status: "failed", step: "notify", failure: notified };

  const result: DeliverResult = {
    status: "answered",
    success: notified.success,
    text: notified.text,
    httpStatus: notified.status,
    retryable: !notified.success && isRetryableStatus(notified.status),
  };
  if (notified.retryAfterMs !== undefined) result.retryAfterMs = notified.retryAfterMs;
  return result;
}
