/**
 * Builds the notification server: the API, the no-JS form, /healthz and the built app, behind time
 * limits, connection caps, load shedding, the security headers and compression. No listening here.
 */
import { getHeapStatistics } from "node:v8";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import underPressure from "@fastify/under-pressure";
import Fastify, { type FastifyInstance } from "fastify";
import { inlineHashesOfSite } from "../../build/csp-hashes";
import { API_PATH } from "../../src/config/routes";
import { securityHeaders } from "../../src/config/security-headers";
import { DEV_API_KEY } from "../../src/shared/contact/protocol";
import type { Config } from "../config";
import { apiRoutes } from "../contact/api-routes";
import { contactFormRoute } from "../contact/form-route";
import { originGate } from "../contact/origins";
import { AJV_OPTIONS } from "../contact/schemas";
import { createMailQueue, queueSettings } from "../mail/mail-queue";
import { createMailer, type Mailer, moveOldMailDir } from "../mail/mailer";
import { guarded, lockDataDir, openDatabase, StartupError } from "../store/database";
import { openRedisMailJobStore } from "../store/redis-mail-jobs";
import { connectRedisState } from "../store/redis-state";
import { DAY_MS, purgeOlderThan } from "../store/retention";
import { createSqliteMailJobStore, createSqliteMessageStore } from "../store/sqlite-stores";
import { capConnections, TIME_LIMITS } from "./connections";
import { clientErrorHandler, errorHandler, HttpError, MESSAGES } from "./errors";
import { loggerOptions } from "./logging";
import { builtPageSettings, registerStaticSite } from "./static-site";

/** Largest accepted request body: a full message is about 5 kB of JSON. */
export const BODY_LIMIT = 16_384;
/** The longest pause between two looks for due mail jobs. */
const MAIL_SWEEP_MS = 60_000;

export const LOCAL_MESSAGES_WARNING =
  "REDIS_URL is set, so several instances may run, but messages are stored locally (VITE_FIREBASE_PROJECT_ID is not set): each instance keeps its own DATA_DIR/portfolio.db. Configure Firestore so every message lands in one place.";

export const DEV_KEY_WARNING =
  "No API_KEY set: the local development key is in use. Set API_KEY before exposing this server.";

export interface ServerOverrides {
  /** Replaces the mailer (tests inject faults around the real one). */
  mailer?: (real: Mailer) => Mailer;
}

/** Fastify's trustProxy: a hop count trusts that many peers in a row (the port must only be reachable through them). */
function trustProxyOption(value: Config["trustProxy"]) {
  if (typeof value === "number") return (_address: string, hop: number) => hop < value;
  return value;
}

class BusyError extends HttpError {
  constructor() {
    super(503, MESSAGES.busy);
  }
}

/**
 * What is wrong between the built page in STATIC_DIR and this server's settings: a page that
 * sends another key, or to another address, loses every message its visitors write.
 */
function builtPageProblem(config: Config): string | undefined {
  const built = builtPageSettings(config.staticDir);
  if (built === undefined) return undefined;
  const problems = [
    built.apiKey !== config.apiKey &&
      `it sends ${built.apiKey === DEV_API_KEY ? "the development key" : "another key"} (VITE_NOTIFY_API_KEY), not this server's API_KEY, so every message from it would be refused with 401`,
    built.serverUrl !== config.client.serverUrl &&
      `it sends its messages to ${built.serverUrl || "its own origin"}, while VITE_NOTIFY_URL here is ${config.client.serverUrl || "empty (the same origin)"}`,
  ].filter((problem) => problem !== false);
  if (problems.length === 0) return undefined;
  return `The built page in ${config.staticDir} does not match this server: ${problems.join("; ")}. Build it with the same settings (set them, then npm run build), or fix the server's.`;
}

export async function buildServer(config: Config, overrides: ServerOverrides = {}): Promise<FastifyInstance> {
  const lock = lockDataDir(config.dataDir, config.lockWaitMs);
  return build(config, overrides, lock.release).catch((error: unknown) => {
    lock.release();
    throw error;
  });
}

async function build(
  config: Config,
  overrides: ServerOverrides,
  unlock: () => void,
): Promise<FastifyInstance> {
  const problem = builtPageProblem(config);
  if (problem !== undefined && config.production) throw new StartupError(problem);
  const headers = securityHeaders({
    client: config.client,
    hsts: config.production,
    ...inlineHashesOfSite(config.staticDir),
  });

  const app = Fastify({
    logger: loggerOptions(config, process.stdout.isTTY === true),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    connectionTimeout: TIME_LIMITS.connectionTimeoutMs,
    keepAliveTimeout: TIME_LIMITS.keepAliveTimeoutMs,
    requestTimeout: TIME_LIMITS.requestTimeoutMs,
    http: {
      headersTimeout: TIME_LIMITS.headersTimeoutMs,
      connectionsCheckingInterval: TIME_LIMITS.checkIntervalMs,
    },
    clientErrorHandler: clientErrorHandler(headers),
    // Fastify's own refusals (a malformed URL...) go through the same handler and headers.
    frameworkErrors: (error, request, reply) => {
      reply.headers(headers);
      return errorHandler(error, request, reply);
    },
    ajv: { customOptions: AJV_OPTIONS },
  });
  if (problem !== undefined) app.log.warn(problem);
  if (config.usingDevApiKey) app.log.warn(DEV_KEY_WARNING);
  const origins = originGate(config);
  app.log.info(origins.accepted);
  capConnections(
    app,
    config.maxConnections,
    config.trustProxy === false ? config.maxConnectionsPerIp : undefined,
  );

  if (config.redisUrl !== undefined && config.client.firebase === null) app.log.warn(LOCAL_MESSAGES_WARNING);
  moveOldMailDir(config.dataDir);
  const { db, warning } = openDatabase(config.dataDir, { checked: true });
  if (warning !== undefined) app.log.warn(warning);
  // With REDIS_URL, rate limits, idempotency records and mail jobs are shared by every instance.
  const redisState =
    config.redisUrl === undefined
      ? undefined
      : await connectRedisState(config.redisUrl, app.log).catch((error: unknown) => {
          db.close();
          throw error;
        });

  const messages = createSqliteMessageStore(db, config.dataDir, { notifyGraceMs: config.mailNotifyGraceMs });
  const jobs =
    redisState === undefined
      ? createSqliteMailJobStore(db, { owner: true })
      : openRedisMailJobStore(redisState, db, app.log);
  const settings = queueSettings(config, redisState !== undefined);
  const realMailer = createMailer(config);
  const mailer = overrides.mailer?.(realMailer) ?? realMailer;
  const queue = createMailQueue({
    jobs,
    mailer,
    messages,
    log: app.log,
    ...settings,
    sweepEveryMs: Math.min(MAIL_SWEEP_MS, settings.retryMs, settings.leaseMs),
  });

  async function purge(): Promise<void> {
    await jobs.prune();
    if (config.messageRetentionDays === 0) return;
    const report = await purgeOlderThan(messages, config.dataDir, config.messageRetentionDays);
    if (report.messages > 0 || report.mailFiles > 0)
      app.log.info(report, "deleted data past MESSAGE_RETENTION_DAYS");
  }
  const daily = setInterval(() => {
    purge().catch((error: unknown) => app.log.error({ err: error }, "the retention purge failed"));
  }, DAY_MS);
  daily.unref();

  app.addHook("onReady", async () => {
    await purge();
    // Jobs left pending go out (in the background: listening does not wait).
    void queue.run();
  });
  app.addHook("onClose", async () => {
    clearInterval(daily);
    await queue.close();
    mailer.close();
    await jobs.close();
    db.close();
    await redisState?.close();
    unlock();
  });

  // Only JSON bodies: a text/plain body is a 415, not a string that fails validation.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(
    redisState === undefined
      ? errorHandler
      : (error, request, reply) => errorHandler(redisState.classify(error), request, reply),
  );

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    // Two Host headers: which site is meant is ambiguous (Node keeps the first one silently).
    const hosts = request.raw.rawHeaders.filter(
      (_value, index, all) => index % 2 === 0 && /^host$/i.test(all[index] ?? ""),
    );
    if (hosts.length > 1) throw new HttpError(400, MESSAGES.duplicateHost);
  });
  if (redisState !== undefined) {
    // Every API route needs Redis (rate limit, mail jobs): answer 503 at once while it is away.
    app.addHook("onRequest", async (request) => {
      if (API_PATH.test(request.url)) redisState.assertAvailable();
    });
  }

  // Load shedding: under event-loop lag or memory pressure, 503 with Retry-After, not a crash.
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    // Close to V8's own limit (about 2 GB on 64-bit unless --max-old-space-size says otherwise).
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * 0.9),
    retryAfter: 10,
    customError: BusyError,
  });
  // Request bodies are never decompressed (no zip bombs); replies are (br/gzip).
  await app.register(compress, { globalDecompression: false });
  await app.register(rateLimit, {
    global: false,
    ...(redisState === undefined ? {} : { redis: redisState.redis, nameSpace: "rate-limit:" }),
  });

  await app.register(apiRoutes, { config, queue, messages, origins });
  await app.register(contactFormRoute, { config, origins });

  // "ok"; "degraded" (still 200) while mail failed for good or waits for over an hour, or pages were
  // refused within the hour (`refused`: per origin); 503 while the database cannot take the largest
  // message (a full disk, a damaged file) or Redis is away.
  const probe = db.prepare(
    "INSERT INTO health VALUES (1, ?, randomblob(20000)) ON CONFLICT DO UPDATE SET at = excluded.at, pad = excluded.pad",
  );
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const redis = redisState === undefined ? {} : { redis: redisState.available() ? "ok" : "unavailable" };
    if (redisState?.available() === false) return reply.code(503).send({ status: "unavailable", ...redis });
    try {
      guarded(() => probe.run(Date.now()));
      const mail = await jobs.counts();
      const refused = origins.refused();
      const none = Object.keys(refused).length === 0;
      if (mail.failed === 0 && mail.late === 0 && none) return reply.send({ status: "ok", ...redis });
      return reply.send({ status: "degraded", ...redis, mail, ...(none ? {} : { refused }) });
    } catch (error) {
      reply.log.error({ err: error }, "health check: the database cannot be written");
      return reply.code(503).send({ status: "unavailable", database: "unavailable", ...redis });
    }
  });
  await registerStaticSite(app, config.staticDir);

  return app;
}
