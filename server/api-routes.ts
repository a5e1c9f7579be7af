/**
 * The two POST endpoints, in their own scope: CORS for the allowed origins, a 403 for any
 * other cross-origin caller, the API key, a per-IP rate limit per route, schema validation.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import cors from "@fastify/cors";
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  API_KEY_HEADER,
  IDEMPOTENCY_HEADER,
  MESSAGES_PATH,
  NOTIFY_PATH,
  type NotifyRequestBody,
  type ServerAnswer,
  type StoreRequestBody,
} from "../src/shared/contact/protocol";
import type { Config } from "./config";
import { HttpError, MESSAGES } from "./errors";
import { type Answer, fingerprintOf, type IdempotencyStore } from "./idempotency-store";
import type { Mailer } from "./mailer";
import type { MessageStore } from "./message-store";
import type { MailJobRunner } from "./redis-mail-jobs";
import { idempotencyHeadersSchema, notifyBodySchema, storeBodySchema } from "./schemas";

export interface ApiDeps {
  config: Config;
  mailer: Mailer;
  messages: MessageStore;
  idempotency: IdempotencyStore;
  /** Set with REDIS_URL: idempotency records and mail jobs shared by every instance. */
  mailJobs?: MailJobRunner;
}

export const SENT_MESSAGE = "Thanks for your message! I'll get back to you soon.";
export const SAVED_MESSAGE = "Message saved.";
export const MAIL_FAILED_MESSAGE =
  "Sorry, your message could not be delivered right now. Please try again in a few minutes.";
export const SAVE_FAILED_MESSAGE =
  "Sorry, your message could not be saved right now. Please try again later.";

interface IdempotencyHeaders {
  "idempotency-key"?: string;
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** Trims the text fields (validation already guaranteed they are not blank). */
function normalize(body: NotifyRequestBody): NotifyRequestBody {
  return { name: body.name.trim(), email: body.email.trim(), message: body.message.trim() };
}

/** Mails the owner (and the optional auto-reply) and gives the visitor's answer. */
export async function notifyOwner(
  { config, mailer }: Pick<ApiDeps, "config" | "mailer">,
  message: NotifyRequestBody,
  log: FastifyBaseLogger,
): Promise<Answer> {
  try {
    await mailer.sendNotification(message);
  } catch (error) {
    log.error({ err: error }, "could not send the notification mail");
    return { status: 502, body: { success: false, error: MAIL_FAILED_MESSAGE } };
  }
  if (config.autoReply) {
    // The owner has the message: a failed thank-you is logged, not reported to the visitor.
    await mailer
      .sendAutoReply(message)
      .catch((error: unknown) => log.warn({ err: error }, "could not send the auto-reply"));
  }
  return { status: 200, body: { success: true, msg: SENT_MESSAGE } };
}

export const apiRoutes: FastifyPluginAsync<ApiDeps> = async (
  api,
  { config, mailer, messages, idempotency, mailJobs },
) => {
  const allowed = new Set(config.allowedOrigins);
  const expectedKey = digest(config.apiKey);

  /** The page's own origin (same host as the request) or one of ALLOWED_ORIGINS. */
  function originAllowed(origin: string, request: FastifyRequest): boolean {
    if (allowed.has(origin)) return true;
    try {
      return new URL(origin).host === request.host.toLowerCase();
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
        origin: origin !== undefined && originAllowed(origin, request) ? origin : false,
        methods: ["POST"],
        allowedHeaders: ["Content-Type", API_KEY_HEADER, IDEMPOTENCY_HEADER],
        maxAge: 600,
      });
    },
  });

  // After the rate limit (onRequest) and before the body is read: refuse other sites and
  // callers without the key.
  api.addHook("preParsing", async (request) => {
    const { origin } = request.headers;
    if (origin !== undefined && !originAllowed(origin, request))
      throw new HttpError(403, MESSAGES.forbiddenOrigin);
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
      const message = normalize(request.body);
      const key = request.headers["idempotency-key"];
      const send = () => notifyOwner({ config, mailer }, message, request.log);
      const answer =
        key === undefined
          ? await send()
          : mailJobs !== undefined
            ? await mailJobs.run(key, fingerprintOf(message), message)
            : await idempotency.run(key, fingerprintOf(message), send);
      return reply.code(answer.status).send(answer.body);
    },
  );

  api.post<{ Body: StoreRequestBody; Headers: IdempotencyHeaders }>(
    MESSAGES_PATH,
    { schema: { body: storeBodySchema, headers: idempotencyHeadersSchema }, config: { rateLimit } },
    async (request, reply) => {
      let added: boolean;
      try {
        added = await messages.add({ id: request.body.id, ...normalize(request.body) });
      } catch (error) {
        request.log.error({ err: error }, "could not store the message");
        throw new HttpError(500, SAVE_FAILED_MESSAGE);
      }
      const body: ServerAnswer = { success: true, msg: SAVED_MESSAGE };
      return reply.code(added ? 201 : 200).send(body);
    },
  );
};
