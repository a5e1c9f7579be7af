/**
 * The Redis connection that several instances share when REDIS_URL is set: rate-limit counters,
 * idempotency records and mail jobs live there.
 *
 * Commands never wait in a queue for a lost connection (`enableOfflineQueue: false`): while Redis
 * is away, a request that needs it fails at once with a 503 and a Retry-After, and ioredis keeps
 * reconnecting in the background. `/healthz` reports the state.
 */
import { Redis } from "ioredis";
import { HttpError } from "../http/errors";

/** How long a client should wait before retrying while Redis is away. */
const REDIS_STATE_RETRY_AFTER_S = 5;
/** How long the server waits for Redis when it starts before giving up. */
const STARTUP_WAIT_MS = 10_000;
/** Longest pause between two reconnect attempts. */
export const RECONNECT_MAX_DELAY_MS = 2_000;
/** Every key this server writes starts with it, so a shared Redis stays tidy. */
const KEY_PREFIX = "portfolio:";

export const REDIS_STATE_UNAVAILABLE_MESSAGE =
  "The server cannot reach its shared storage right now. Please try again in a few seconds.";

class RedisStateUnavailableError extends HttpError {
  constructor(cause?: unknown) {
    super(503, REDIS_STATE_UNAVAILABLE_MESSAGE, REDIS_STATE_RETRY_AFTER_S);
    this.name = "RedisStateUnavailableError";
    this.cause = cause;
  }
}

export interface RedisStateLog {
  info(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export type RedisState = Awaited<ReturnType<typeof connectRedisState>>;

/** ioredis's own failures: no connection, or Redis did not answer in time. */
const REDIS_FAILURE = /Command timed out|Connection is closed|Stream isn't writeable|Reached the max retries/;

export async function connectRedisState(url: string, log: RedisStateLog) {
  const redis = new Redis(url, {
    lazyConnect: true,
    keyPrefix: KEY_PREFIX,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    // Reconnect for ever, at most RECONNECT_MAX_DELAY_MS apart.
    retryStrategy: (attempt) => Math.min(attempt * 200, RECONNECT_MAX_DELAY_MS),
  });
  // Where REDIS_URL points, without any password, for log lines and errors.
  const { protocol, host } = new URL(url);
  const where = `${protocol}//${host}`;
  const reconnectListeners: (() => void)[] = [];
  let wasReady = false;
  let readySince = 0;
  let lost = false;

  redis.on("ready", () => {
    readySince = Date.now();
    if (lost) {
      lost = false;
      log.info(`Redis at ${where} is back; the Redis state is available again.`);
      for (const listener of reconnectListeners) listener();
    }
    wasReady = true;
  });
  redis.on("close", () => {
    if (wasReady && !lost) {
      lost = true;
      log.error(
        { err: new Error(`connection to ${where} closed`) },
        `Lost Redis at ${where}; API requests answer 503 until it is back (reconnecting).`,
      );
    }
  });
  // ioredis emits an error for every failed reconnect; the close/ready lines above say it once.
  redis.on("error", () => {});

  const started = new Promise<void>((resolve, reject) => {
    const late = new Error(
      `Redis at ${where} (REDIS_URL) did not answer within ${STARTUP_WAIT_MS / 1000} s.`,
    );
    const timer = setTimeout(reject, STARTUP_WAIT_MS, late);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  // connect() rejects on the first failed attempt, but the retry strategy keeps trying until
  // the startup wait is over.
  redis.connect().catch(() => {});
  try {
    await started;
  } catch (error) {
    redis.disconnect();
    throw error;
  }

  /** True while commands can be sent. */
  const available = () => redis.status === "ready";
  return {
    redis,
    available,
    /** Milliseconds since the connection last became ready (0 while it is down). */
    connectedForMs: () => (available() ? Date.now() - readySince : 0),
    assertAvailable() {
      if (!available()) throw new RedisStateUnavailableError();
    },
    /** For an error thrown while handling a request: a 503 when Redis is the reason, else the error itself. */
    classify(error: unknown): unknown {
      if (error instanceof Error && REDIS_FAILURE.test(error.message))
        return new RedisStateUnavailableError(error);
      // A refusal of the request itself (4xx) stays what it is; an unexpected failure while Redis
      // is away is put down to Redis.
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      if (error instanceof HttpError || (typeof status === "number" && status < 500)) return error;
      return available() ? error : new RedisStateUnavailableError(error);
    },
    /** Runs `listener` each time the connection becomes ready again after a loss. */
    onReconnect(listener: () => void) {
      reconnectListeners.push(listener);
    },
    async close(): Promise<void> {
      if (redis.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
