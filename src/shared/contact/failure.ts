/** Internal: how the pipeline's steps (deliver, the HTTP adapters, Firestore) classify what went wrong. */

/** A step (save or notify) that did not get the outcome it needed. */
export type StepFailure = {
  ok: false;
  /** network: no answer (fetch TypeError, time-out, abort, Firestore unreachable); rejected: a refusal. */
  reason: "network" | "rejected";
  /** network, HTTP 408, 429 and 5xx, Firestore "resource-exhausted"/"aborted"/"internal". */
  retryable: boolean;
  /** Human-readable; the server's `error` text when it sent one. */
  error: string;
  status?: number;
  /** From a Retry-After header (seconds or HTTP date). */
  retryAfterMs?: number;
};

/** A time-out (408), a rate limit (429) and a server error (5xx) are worth trying again later. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/** The answers about the visitor's input itself: the only refusals R-8's modal shows (docs/requirements.md). */
export function isInputStatus(status: number | null | undefined): boolean {
  return status === 400 || status === 413 || status === 422;
}

/** The properties of a thrown value, whatever was thrown. */
export function fieldsOf(error: unknown): Record<string, unknown> {
  return typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
}

export function errorMessage(error: unknown): string {
  const { message } = fieldsOf(error);
  if (typeof message === "string" && message !== "") return message;
  return String(error);
}

/** A time in seconds with one decimal, for messages. */
export const seconds = (ms: number) => Math.round(ms / 100) / 10;

export function networkFailure(error: string): StepFailure {
  return { ok: false, reason: "network", retryable: true, error };
}

/** A network-level error (TypeError, abort, time-out) is a retryable network failure; anything else is final. */
export function failureFromThrown(error: unknown): StepFailure {
  const { name } = fieldsOf(error);
  if (name === "TimeoutError") return networkFailure("The request timed out.");
  if (name === "AbortError") return networkFailure("The request was aborted.");
  if (error instanceof TypeError || name === "TypeError") {
    return networkFailure(`Network error: ${errorMessage(error)}`);
  }
  return { ok: false, reason: "rejected", retryable: false, error: errorMessage(error) };
}
