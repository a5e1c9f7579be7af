/**
 * Builds the notification server: the API (notify + message store), /healthz and the built
 * app, behind security headers and compression. No listening and no process.env here.
 */
import { mkdir } from "node:fs/promises";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { apiRoutes } from "./api-routes";
import type { Config } from "./config";
import { contactFormRoute } from "./contact-form";
import { errorHandler } from "./errors";
import { openIdempotencyStore } from "./idempotency-store";
import { loggerOptions } from "./logging";
import { createMailer } from "./mailer";
import { openMessageStore } from "./message-store";
import { registerStaticSite } from "./static-site";

/** Largest accepted request body: a full message is about 5 kB of JSON. */
export const BODY_LIMIT = 16_384;

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
    logger: loggerOptions(config, process.stdout.isTTY === true),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    ajv: {
      // Fastify's defaults drop unknown fields and coerce types; a request must be exact.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false },
    },
  });
  if (config.usingDevApiKey) app.log.warn(DEV_KEY_WARNING);

  const messages = await openMessageStore(config.dataDir, (message) => app.log.warn(message));
  const idempotency = await openIdempotencyStore(config.dataDir, {
    warn: (message, error) => app.log.error({ err: error }, message),
  });
  const mailer = createMailer(config);
  app.addHook("onClose", async () => {
    mailer.close();
    await Promise.all([messages.close(), idempotency.close()]);
  });

  // Only JSON bodies: a text/plain body is a 415, not a string that fails validation.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(errorHandler);

  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    xFrameOptions: { action: "deny" },
  });
  // Request bodies are never decompressed (no zip bombs); replies are (br/gzip).
  await app.register(compress, { globalDecompression: false });
  await app.register(rateLimit, { global: false });

  await app.register(apiRoutes, { config, mailer, messages, idempotency });
  await app.register(contactFormRoute, { config });
  app.get("/healthz", async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "ok" }),
  );
  await registerStaticSite(app, config.staticDir);

  return app;
}
