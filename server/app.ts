/**
 * Builds the notification server: the API (notify + message store), /healthz and the built
 * app, behind time limits, a connection cap, load shedding, the security headers and
 * compression. No listening and no process.env here.
 */
import type { Socket } from "node:net";
import { getHeapStatistics } from "node:v8";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import underPressure from "@fastify/under-pressure";
import Fastify, { type FastifyInstance } from "fastify";
import { securityHeaders } from "../src/config/security-headers";
import { apiRoutes } from "./api-routes";
import type { Config } from "./config";
import { contactFormRoute } from "./contact-form";
import { inlineHashesOfSite } from "./csp-hashes";
import { openDatabase, privateDir } from "./database";
import { clientErrorHandler, errorHandler, HttpError, isApiPath, MESSAGES } from "./errors";
import { loggerOptions } from "./logging";
import { createMailOutbox } from "./mail-outbox";
import { createMailer, type Mailer } from "./mailer";
import { openRedisMailJobStore } from "./redis-mail-job-store";
import { DAY_MS, purgeOlderThan } from "./retention";
import { connectSharedState, type SharedState } from "./shared-state";
import { createSqliteMailJobStore, createSqliteMessageStore } from "./sqlite-stores";
import { registerStaticSite } from "./static-site";

/** Largest accepted request body: a full message is about 5 kB of JSON. */
export const BODY_LIMIT = 16_384;

/**
 * Time limits. A whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS: a
 * client that trickles its body gets 408 and is closed (Node checks every CHECK_INTERVAL_MS).
 */
export const TIME_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  checkIntervalMs: 2_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A socket with no traffic at all is closed after this. */
  connectionTimeoutMs: 30_000,
} as const;

export const LOCAL_MESSAGES_WARNING =
  "REDIS_URL is set, so several instances may run, but messages are stored locally (VITE_FIREBASE_PROJECT_ID is not set): each instance keeps its own DATA_DIR/portfolio.db. Configure Firestore so every message lands in one place.";

export const DEV_KEY_WARNING =
  "No API_KEY set: the local development key is in use. Set API_KEY before exposing this server.";

export interface ServerOverrides {
  /** Replaces the mailer (tests inject faults around the real one). */
  mailer?: (real: Mailer) => Mailer;
  /** How long a notify request waits for its mail before answering "still being delivered". */
  answerWithinMs?: number;
}

/** Fastify's trustProxy: a hop count trusts that many peers in a row (the port must only be reachable through them). */
function trustProxyOption(value: Config["trustProxy"]) {
  if (typeof value === "number") return (_address: string, hop: number) => hop < value;
  return value;
}

/**
 * At most `max` open connections, and `perIp` per client address when clients connect directly.
 * Excess connections are closed at once, so idle or trickling ones never use up the file
 * descriptors that /healthz and real visitors need.
 */
function capConnections(app: FastifyInstance, max: number, perIp: number | undefined): void {
  app.server.maxConnections = max;
  const open = new Map<string, number>();
  let lastWarning = 0;
  app.server.on("connection", (socket: Socket) => {
    if (perIp === undefined) return;
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > perIp) {
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        app.log.warn(
          { limit: perIp },
          "a client address reached the connection limit; closing its extra connections",
        );
      }
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  app.server.on("drop", () => {
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      app.log.warn({ limit: max }, "MAX_CONNECTIONS reached; new connections are refused");
    }
  });
}

class BusyError extends HttpError {
  constructor() {
    super(503, MESSAGES.busy);
  }
}

export async function buildServer(config: Config, overrides: ServerOverrides = {}): Promise<FastifyInstance> {
  privateDir(config.dataDir);
  const headers = securityHeaders({
    connectSrc: config.connectSrc,
    hsts: config.hsts,
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
    ajv: {
      // Fastify's defaults drop unknown fields and coerce types; a request must be exact.
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false },
    },
  });
  if (config.usingDevApiKey) app.log.warn(DEV_KEY_WARNING);
  capConnections(
    app,
    config.maxConnections,
    config.trustProxy === false ? config.maxConnectionsPerIp : undefined,
  );

  if (config.redisUrl !== undefined && !config.messagesInFirestore) app.log.warn(LOCAL_MESSAGES_WARNING);
  // With REDIS_URL, rate limits, idempotency records and mail jobs are shared by every instance.
  const shared: SharedState | undefined =
    config.redisUrl === undefined ? undefined : await connectSharedState(config.redisUrl, app.log);

  const { db, imported } = openDatabase(config.dataDir);
  if (imported.messages > 0 || imported.idempotencyRecords > 0 || imported.skippedLines > 0) {
    app.log.info(imported, "imported the JSON Lines files of the previous version");
  }
  const messages = createSqliteMessageStore(db);
  const jobs =
    shared === undefined ? createSqliteMailJobStore(db) : openRedisMailJobStore(shared, { log: app.log });
  const realMailer = createMailer(config);
  const mailer = overrides.mailer?.(realMailer) ?? realMailer;
  const outbox = createMailOutbox({
    jobs,
    mailer,
    messages,
    autoReply: config.autoReply,
    log: app.log,
    answerWithinMs: overrides.answerWithinMs,
    // Redis leases are renewed while a send runs, so they can be short: a crashed instance's job
    // is taken over within seconds.
    ...(shared === undefined
      ? {}
      : { leaseMs: config.mailLeaseMs, sweepEveryMs: Math.ceil(config.mailLeaseMs / 2) }),
  });

  async function purge(): Promise<void> {
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
    // Jobs left pending by a crash go out again (in the background: listening does not wait).
    outbox
      .resumeAbandoned()
      .catch((error: unknown) => app.log.error({ err: error }, "could not resume mail jobs"));
  });
  app.addHook("onClose", async () => {
    clearInterval(daily);
    await outbox.close();
    mailer.close();
    await Promise.all([messages.close(), jobs.close()]);
    db.close();
    await shared?.close();
  });

  // Only JSON bodies: a text/plain body is a 415, not a string that fails validation.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(
    shared === undefined
      ? errorHandler
      : (error, request, reply) => errorHandler(shared.classify(error), request, reply),
  );

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(headers);
    // Two Host headers: which site is meant is ambiguous (Node keeps the first one silently).
    const hosts = request.raw.rawHeaders.filter(
      (_value, index, all) => index % 2 === 0 && /^host$/i.test(all[index] ?? ""),
    );
    if (hosts.length > 1) throw new HttpError(400, MESSAGES.duplicateHost);
  });
  if (shared !== undefined) {
    // Every API route needs Redis (rate limit, mail jobs): answer 503 at once while it is away.
    app.addHook("onRequest", async (request) => {
      if (isApiPath(request.url)) shared.assertAvailable();
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
    ...(shared === undefined ? {} : { redis: shared.redis, nameSpace: "rate-limit:" }),
  });

  await app.register(apiRoutes, {
    config,
    outbox,
    messages,
  });
  await app.register(contactFormRoute, { config });
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (shared === undefined) return reply.send({ status: "ok" });
    if (shared.available()) return reply.send({ status: "ok", redis: "ok" });
    return reply.code(503).send({ status: "unavailable", redis: "unavailable" });
  });
  await registerStaticSite(app, config.staticDir);

  return app;
}
