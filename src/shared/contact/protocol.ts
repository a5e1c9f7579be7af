/** The wire contract shared by the page, the service worker and the notification server. */

/**
 * Field limits, enforced by the form (maxLength), the pipeline, the server's JSON schema and
 * `firestore.rules` (which the build writes from this module).
 */
export const LIMITS = {
  name: 100,
  email: 254,
  message: 5000,
} as const;

/** A message's id: a lowercase UUID (the Firestore document id, the local key, the Idempotency-Key). */
export const MESSAGE_ID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/** Where the `firestore` save step writes (R-3.3: the collection `users`, capitalised fields). */
export const FIRESTORE_MESSAGES = {
  collection: "users",
  fields: { name: "Name", email: "Email", message: "Message" },
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
