/**
 * The two POST endpoints, in their own scope: CORS for the allowed origins, a 403 for any
 * other cross-origin caller, the API key, a per-IP rate limit per route, schema validation.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import cors from "@fastify/cors";
import type { FastifyPluginAsync } from "fastify";
import { ui } from "../../src/content/interface";
import {
  API_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  MESSAGES_PATH,
  NOTIFY_PATH,
  type NotifyRequestBody,
  type StoreRequestBody,
} from "../../src/shared/contact/protocol";
import type { Config } from "../config";
import { HttpError, MESSAGES } from "../http/errors";
import type { MailQueue } from "../mail/mail-queue";
import type { MessageStore } from "../store/stores";
import { type OriginGate, rateLimitOf } from "./origins";
import { idempotencyHeadersSchema, notifyBodySchema, storeBodySchema } from "./schemas";

export interface ApiDeps {
  config: Config;
  queue: MailQueue;
  messages: MessageStore;
  origins: OriginGate;
}

export { SENT_MESSAGE } from "../mail/mail-queue";
export const SAVED_MESSAGE = ui.contact.saved;
export const ID_REUSED_MESSAGE = ui.server.idReused;

type IdempotencyHeaders = { "idempotency-key"?: string };

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Trims the text fields (validation already guaranteed they are not blank). */
function normalize(body: NotifyRequestBody): NotifyRequestBody {
  return { name: body.name.trim(), email: body.email.trim(), message: body.message.trim() };
}

export const apiRoutes: FastifyPluginAsync<ApiDeps> = async (api, { config, queue, messages, origins }) => {
  const expectedKey = digest(config.apiKey);

  await api.register(cors, {
    delegator: (request, callback) => {
      const { origin, host } = request.headers;
      callback(null, {
        origin: origin !== undefined && origins.allows(origin, host) ? origin : false,
        methods: ["POST"],
        allowedHeaders: ["Content-Type", API_KEY_HEADER, IDEMPOTENCY_HEADER],
        maxAge: 600,
      });
    },
  });

  // After the rate limit (onRequest) and before the body is read: refuse other sites and callers
  // without the key. A preflight (OPTIONS) carries no key by design.
  api.addHook("preParsing", origins.refuse);
  api.addHook("preParsing", async (request) => {
    const key = request.headers[API_KEY_HEADER];
    // Hashing first gives equal lengths, so the comparison takes the same time for any input.
    if (
      request.method !== "OPTIONS" &&
      (typeof key !== "string" || !timingSafeEqual(digest(key), expectedKey))
    ) {
      throw new HttpError(401, MESSAGES.unauthorized);
    }
  });

  api.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  const rateLimit = rateLimitOf(config);

  // Answered once the mail job is recorded: the mail queue sends it in the background.
  api.post<{ Body: NotifyRequestBody; Headers: IdempotencyHeaders }>(
    NOTIFY_PATH,
    { schema: { body: notifyBodySchema, headers: idempotencyHeadersSchema }, config: { rateLimit } },
    async (request, reply) => {
      const answer = await queue.queueAlert(request.headers["idempotency-key"], normalize(request.body));
      return reply.code(answer.status).send(answer.body);
    },
  );

  // 201 when new, 200 for a retry of the same message, 422 for a reused id with other fields; a
  // database that refuses answers 503 (the error handler), with nothing half-written.
  api.post<{ Body: StoreRequestBody; Headers: IdempotencyHeaders }>(
    MESSAGES_PATH,
    { schema: { body: storeBodySchema, headers: idempotencyHeadersSchema }, config: { rateLimit } },
    async (request, reply) => {
      const outcome = await messages.add({ id: request.body.id, ...normalize(request.body) });
      if (outcome === "conflict") return reply.code(422).send({ success: false, error: ID_REUSED_MESSAGE });
      return reply.code(outcome === "added" ? 201 : 200).send({ success: true, msg: SAVED_MESSAGE });
    },
  );
};
