/**
 * The two POST endpoints, in their own scope: CORS for the allowed origins, a 403 for any
 * other cross-origin caller, the API key, a per-IP rate limit per route, schema validation.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import cors from "@fastify/cors";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  API_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  MESSAGES_PATH,
  NOTIFY_PATH,
  type NotifyRequestBody,
  type StoreRequestBody,
} from "../src/shared/contact/protocol";
import type { Config } from "./config";
import { HttpError, MESSAGES } from "./errors";
import { type MailOutbox, STILL_SENDING_RETRY_AFTER_S } from "./mail-outbox";
import { idempotencyHeadersSchema, notifyBodySchema, storeBodySchema } from "./schemas";
import { type Answer, type MessageStore, StoreUnavailableError } from "./stores";

export interface ApiDeps {
  config: Config;
  outbox: MailOutbox;
  messages: MessageStore;
  /** The port the server listens on (loopback origins on it are the server's own outside production). */
  listeningPort: () => number | undefined;
}

export { MAIL_FAILED_MESSAGE, SENT_MESSAGE } from "./mail-outbox";
export const SAVED_MESSAGE = "Message saved.";
export const SAVE_FAILED_MESSAGE =
  "Sorry, your message could not be saved right now. Please try again later.";
export const ID_REUSED_MESSAGE = "This message id was already used for a different message.";

interface IdempotencyHeaders {
  "idempotency-key"?: string;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Trims the text fields (validation already guaranteed they are not blank). */
export function normalize(body: NotifyRequestBody): NotifyRequestBody {
  return { name: body.name.trim(), email: body.email.trim(), message: body.message.trim() };
}

/**
 * Stores a validated message (`POST /api/messages`, and any other entry point such as a form
 * post): 201 when new, 200 for a retry of the same message, 422 for a reused id with other
 * fields, 503 when the disk refuses (nothing half-written), 500 otherwise.
 */
export async function storeMessage(
  messages: MessageStore,
  body: StoreRequestBody,
  log: FastifyRequest["log"],
): Promise<Answer> {
  try {
    const outcome = await messages.add({ id: body.id, ...normalize(body) });
    if (outcome === "conflict") return { status: 422, body: { success: false, error: ID_REUSED_MESSAGE } };
    return { status: outcome === "added" ? 201 : 200, body: { success: true, msg: SAVED_MESSAGE } };
  } catch (error) {
    log.error({ err: error }, "could not store the message");
    const status = error instanceof StoreUnavailableError ? 503 : 500;
    return { status, body: { success: false, error: SAVE_FAILED_MESSAGE } };
  }
}

function sendAnswer(reply: FastifyReply, answer: Answer, retryAfterS: number) {
  if (answer.status === 503) reply.header("retry-after", String(retryAfterS));
  return reply.code(answer.status).send(answer.body);
}

export const apiRoutes: FastifyPluginAsync<ApiDeps> = async (
  api,
  { config, outbox, messages, listeningPort },
) => {
  const publicOrigins = new Set(config.publicOrigins);
  const expectedKey = digest(config.apiKey);

  /**
   * One of the configured public origins or, outside production, loopback on this server's own
   * port. Never derived from the Host header, which any client sets as it likes.
   */
  function originAllowed(origin: string): boolean {
    if (publicOrigins.has(origin)) return true;
    if (config.production) return false;
    try {
      const url = new URL(origin);
      const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
      return url.protocol === "http:" && loopback && Number(url.port) === listeningPort();
    } catch {
      return false; // "null" (sandboxed frames, file://) and anything unparsable
    }
  }

  function keyMatches(value: string | string[] | undefined): boolean {
    // Hashing first gives equal lengths, so the comparison takes the same time for any input.
    return typeof value === "string" && timingSafeEqual(digest(value), expectedKey);
  }

  await api.register(cors, {
    delegator: (request, callback) => {
      const { origin } = request.headers;
      callback(null, {
        origin: origin !== undefined && originAllowed(origin) ? origin : false,
        methods: ["POST"],
        allowedHeaders: ["Content-Type", API_KEY_HEADER, IDEMPOTENCY_HEADER],
        maxAge: 600,
      });
    },
  });

  // After the rate limit (onRequest) and before the body is read: refuse other sites and
  // callers without the key. A preflight (OPTIONS) carries no key by design.
  api.addHook("preParsing", async (request) => {
    if (request.method === "OPTIONS") return;
    const { origin } = request.headers;
    if (origin !== undefined && !originAllowed(origin)) throw new HttpError(403, MESSAGES.forbiddenOrigin);
    if (!keyMatches(request.headers[API_KEY_HEADER])) throw new HttpError(401, MESSAGES.unauthorized);
  });

  api.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const rateLimit = {
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new HttpError(429, `Too many messages in a short time. Please try again in ${context.after}.`),
  };

  api.post<{ Body: NotifyRequestBody; Headers: IdempotencyHeaders }>(
    NOTIFY_PATH,
    { schema: { body: notifyBodySchema, headers: idempotencyHeadersSchema }, config: { rateLimit } },
    async (request, reply) => {
      const answer = await outbox.notify(request.headers["idempotency-key"], normalize(request.body));
      return sendAnswer(reply, answer, STILL_SENDING_RETRY_AFTER_S);
    },
  );

  api.post<{ Body: StoreRequestBody; Headers: IdempotencyHeaders }>(
    MESSAGES_PATH,
    { schema: { body: storeBodySchema, headers: idempotencyHeadersSchema }, config: { rateLimit } },
    async (request, reply) => sendAnswer(reply, await storeMessage(messages, request.body, request.log), 10),
  );
};
