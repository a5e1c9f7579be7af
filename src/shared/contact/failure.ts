/**
 * Internal: how the pipeline classifies what went wrong. Shared by deliver, the HTTP adapters
 * (notify, local) and the Firestore adapter so that every step speaks the same language.
 */

/** A step (save or notify) that did not get the outcome it needed. */
export type StepFailure = {
  ok: false;
  /** network: fetch TypeError, timeout/abort, Firestore "unavailable"/"deadline-exceeded";
   *  rejected: the server/database answered with a refusal. */
  reason: "network" | "rejected";
  /** network → true; HTTP 408, 429 and 5xx → true; Firestore "resource-exhausted"/"aborted"/"internal" → true. */
  retryable: boolean;
  /** Human-readable; the server's `error` text when it sent one. */
  error: string;
  /** HTTP status when there was one. */
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

function errorName(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const name = (error as { name?: unknown }).name;
  return typeof name === "string" ? name : undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error || (typeof error === "object" && error !== null && "message" in error)) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message !== "") return message;
  }
  return typeof error === "string" && error !== "" ? error : String(error);
}

export function networkFailure(error: string): StepFailure {
  return { ok: false, reason: "network", retryable: true, error };
}

/**
 * Maps an exception a step threw: a network-level error (TypeError, abort, timeout) is a
 * retryable network failure; anything else is a final refusal carrying its message.
 */
export function failureFromThrown(error: unknown): StepFailure {
  const name = errorName(error);
  if (name === "TimeoutError") return networkFailure("The request timed out.");
  if (name === "AbortError") return networkFailure("The request was aborted.");
  if (error instanceof TypeError || name === "TypeError") {
    return networkFailure(`Network error: ${errorMessage(error)}`);
  }
  return { ok: false, reason: "rejected", retryable: false, error: errorMessage(error) };
}
