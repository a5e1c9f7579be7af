/**
 * Internal: the one JSON POST both HTTP adapters (notify, local) make. A request that gets no HTTP
 * answer (network error, time-out, abort) comes back as a network failure; any HTTP answer comes
 * back as-is for the adapter to interpret.
 */
import {
  errorMessage,
  failureFromThrown,
  fieldsOf,
  networkFailure,
  type StepFailure,
  seconds,
} from "./failure";
import { API_KEY_HEADER, IDEMPOTENCY_HEADER, NOTIFY_TIMEOUT_MS } from "./protocol";

/** What both HTTP adapters are given: where the server is, the key, and how long to wait. */
export interface HttpStepOptions {
  /** Origin (and optional path prefix) of the server; "" = same origin. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Default NOTIFY_TIMEOUT_MS; past it the call is a network failure. */
  timeoutMs?: number;
}

export interface HttpAnswer {
  ok: true;
  status: number;
  /** The body when it is a JSON object, else undefined (HTML error page, empty body...). */
  json: Record<string, unknown> | undefined;
  contentType: string;
  retryAfterMs?: number;
}

/** `${baseUrl}${path}` without a doubled slash; an empty base URL gives a same-origin relative URL. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

/** Retry-After is either delay-seconds or an HTTP date; returns milliseconds, or undefined. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date starts with a day name ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would
  // also read things like "1.5" or "-5" as dates.
  if (!/^[a-z]{3,9},?\s/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
    return isObject ? (value as Record<string, unknown>) : undefined;
  } catch {
    // Not JSON (or empty): a static host's error page, a proxy's, etc.
    return undefined;
  }
}

/** The `error` (or `msg`) string of a ServerAnswer-shaped body, if any. */
export function answerText(
  json: Record<string, unknown> | undefined,
  key: "msg" | "error",
): string | undefined {
  const value = json?.[key];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * `POST {baseUrl}{path}` with the API key, the message id as Idempotency-Key and the time-out;
 * `label` names who is called in messages ("notification server", "message store").
 */
export function createPoster(
  options: HttpStepOptions,
  path: string,
  label: string,
): (body: unknown, idempotencyKey: string) => Promise<HttpAnswer | StepFailure> {
  const url = joinUrl(options.baseUrl, path);
  const timeoutMs = options.timeoutMs ?? NOTIFY_TIMEOUT_MS;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (body, idempotencyKey) => {
    try {
      const response = await doFetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          [API_KEY_HEADER]: options.apiKey,
          [IDEMPOTENCY_HEADER]: idempotencyKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Reading the body is covered by the same time-out signal.
      const text = await response.text();
      return {
        ok: true,
        status: response.status,
        json: parseJsonObject(text),
        contentType: response.headers.get("content-type") ?? "",
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      };
    } catch (error) {
      const failure = failureFromThrown(error);
      if (failure.reason !== "network") return failure;
      const { name, cause } = fieldsOf(error);
      if (name === "TimeoutError") {
        return networkFailure(`The ${label} did not answer within ${seconds(timeoutMs)} s.`);
      }
      if (name === "AbortError") return networkFailure(`The request to the ${label} was aborted.`);
      const detail = cause === undefined ? "" : ` (${errorMessage(cause)})`;
      return networkFailure(`Could not reach the ${label}: ${errorMessage(error)}${detail}`);
    }
  };
}
