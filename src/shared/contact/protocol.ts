/** The wire contract shared by the page, the service worker and the notification server. */

/** Field limits, enforced by the form (maxLength), the pipeline and the server's JSON schema. */
export const LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
} as const;

/** The notification endpoint of R-7.2 (docs/requirements.md), relative to the notify base URL. */
export const NOTIFY_PATH = "/email/send-notification";
/** The bundled server's own message store (the `local` save adapter). */
export const MESSAGES_PATH = "/api/messages";

export const API_KEY_HEADER = "x-api-key";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/**
 * The key both sides fall back to in development (the server refuses it in production). It is
 * public anyway: the rate limit, validation, CORS and idempotency are what protect the endpoint.
 */
export const DEV_API_KEY = "local-development-key";

export const NOTIFY_TIMEOUT_MS = 15_000;

/** Body of `POST /email/send-notification` (R-3.3, R-7.2: lowercase fields). */
export interface NotifyRequestBody {
  name: string;
  email: string;
  message: string;
}

/** Body of `POST /api/messages`. The server adds `createdAt`. */
export interface StoreRequestBody extends NotifyRequestBody {
  id: string;
}

/** What both endpoints answer: `msg` on success, `error` otherwise. */
export interface ServerAnswer {
  success: boolean;
  msg?: string;
  error?: string;
}
