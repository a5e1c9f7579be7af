/**
 * Builds the notification server: the API (notify + message store), /healthz and the built
 * app, behind security headers and compression. No listening and no process.env here.
 */
import { mkdir } from "node:fs/promises";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { apiRoutes, notifyOwner } from "./api-routes";
import type { Config } from "./config";
import { errorHandler, isApiPath } from "./errors";
import { openIdempotencyStore } from "./idempotency-store";
import { createMailer } from "./mailer";
import { openMessageStore } from "./message-store";
import { openRedisMailJobStore } from "./redis-mail-job-store";
import { createMailJobRunner } from "./redis-mail-jobs";
import { connectSharedState, type SharedState } from "./shared-state";
import { registerStaticSite } from "./static-site";

/** Largest accepted request body: a full message is about 5 kB of JSON. */
export const BODY_LIMIT = 16_384;

export const LOCAL_MESSAGES_WARNING =
  "REDIS_URL is set, so several instances may run, but messages are stored locally (VITE_FIREBASE_PROJECT_ID is not set): each instance keeps its own DATA_DIR/messages. Configure Firestore so every message lands in one place.";

export const DEV_KEY_WARNING =
  "No API_KEY set: the local development key is in use. Set API_KEY before exposing this server.";

function contentSecurityPolicy(config: Config) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...config.connectSrc],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

export async function buildServer(config: Config): Promise<FastifyInstance> {
  await mkdir(config.dataDir, { recursive: true });

  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    ajv: {
      // Fastify's defaults drop unknown fields and coerce types; a request must be exact.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false },
    },
  });
  if (config.usingDevApiKey) app.log.warn(DEV_KEY_WARNING);
  if (config.redisUrl !== undefined && !config.messagesInFirestore) app.log.warn(LOCAL_MESSAGES_WARNING);

  const shared: SharedState | undefined =
    config.redisUrl === undefined ? undefined : await connectSharedState(config.redisUrl, app.log);
  if (shared !== undefined) app.addHook("onClose", () => shared.close());

  const messages = await openMessageStore(config.dataDir, (message) => app.log.warn(message));
  const idempotency = await openIdempotencyStore(config.dataDir, {
    warn: (message, error) => app.log.error({ err: error }, message),
  });
  const mailer = createMailer(config);
  const mailJobs =
    shared === undefined
      ? undefined
      : createMailJobRunner(
          openRedisMailJobStore(shared, { log: app.log }),
          (message) => notifyOwner({ config, mailer }, message, app.log),
          { leaseMs: config.mailLeaseMs, log: app.log },
        );
  app.addHook("onClose", async () => {
    await mailJobs?.close();
    mailer.close();
    await Promise.all([messages.close(), idempotency.close()]);
  });

  // Only JSON bodies: a text/plain body is a 415, not a string that fails validation.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(
    shared === undefined
      ? errorHandler
      : (error, request, reply) => errorHandler(shared.classify(error), request, reply),
  );
  if (shared !== undefined) {
    // Every API route needs Redis (rate limit, idempotency): answer 503 at once while it is away.
    app.addHook("onRequest", async (request) => {
      if (isApiPath(request.url)) shared.assertAvailable();
    });
  }

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    xFrameOptions: { action: "deny" },
  });
  // Request bodies are never decompressed (no zip bombs); replies are (br/gzip).
  await app.register(compress, { globalDecompression: false });
  await app.register(rateLimit, {
    global: false,
    ...(shared === undefined ? {} : { redis: shared.redis, nameSpace: "rate-limit:" }),
  });

  await app.register(apiRoutes, { config, mailer, messages, idempotency, mailJobs });
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (shared === undefined) return reply.send({ status: "ok" });
    if (shared.available()) return reply.send({ status: "ok", redis: "ok" });
    return reply.code(503).send({ status: "unavailable", redis: "unavailable" });
  });
  await registerStaticSite(app, config.staticDir);

  return app;
}
