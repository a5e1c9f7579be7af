/**
 * Idempotency records and mail jobs shared by every instance through Redis (REDIS_URL).
 *
 * - `idem:<key>` holds the job: `SET NX` with a 24 h expiry, so one instance begins it. While
 *   pending it keeps the message (a takeover needs it); once sent, only the answer is kept.
 * - `lease:<key>` says which instance is sending it: `SET NX PX`, renewed while the mail is on its
 *   way. Only the lease holder sends. A crashed instance's lease expires and another instance
 *   (a retry of the same key, or the sweep) takes the job over and mails it once.
 * - `jobs:pending` (sorted by start time) lets the sweep find jobs nobody is sending.
 *
 * An instance takes over someone else's job only after it has been connected for a full lease (plus
 * the longest reconnect pause):
 * after a Redis outage, the instance that sent a mail but could not record it gets that long to
 * reconnect and record it, so the mail is not sent twice.
 */
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { NotifyRequestBody } from "../src/shared/contact/protocol";
import type { Answer } from "./idempotency-store";
import { IDEMPOTENCY_TTL_MS, KEY_REUSED } from "./idempotency-store";
import { RECONNECT_MAX_DELAY_MS, type SharedState, SharedStateUnavailableError } from "./shared-state";

/** Default lease: longer than the mailer's worst case between renewals. */
export const MAIL_LEASE_MS = 15_000;
/** How long a retry waits for the instance that is sending its mail before answering 503. */
const WAIT_FOR_OUTCOME_MS = 10_000;
const POLL_MS = 100;
const PENDING = "jobs:pending";

interface PendingRecord {
  state: "pending";
  fingerprint: string;
  payload: NotifyRequestBody;
  startedAt: number;
}

interface DoneRecord {
  state: "done";
  fingerprint: string;
  answer: Answer;
}

type JobRecord = PendingRecord | DoneRecord;

export interface MailJobsLog {
  info(message: string): void;
  warn(details: { err: unknown }, message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export interface RedisMailJobsOptions {
  leaseMs?: number;
  ttlMs?: number;
  waitMs?: number;
  log: MailJobsLog;
}

export interface RedisMailJobs {
  /**
   * Sends `payload` once for `key` across every instance and answers with the first outcome.
   * A key reused with a different body gets a 422; a retry while another instance is sending
   * waits for its outcome.
   */
  run(key: string, fingerprint: string, payload: NotifyRequestBody): Promise<Answer>;
  close(): Promise<void>;
}

/** Whether the lease is ours; deletes it when so. Sets the done record either way (the mail is out). */
const COMPLETE = `
local record = redis.call('GET', KEYS[1])
if record then redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('ZREM', KEYS[3], ARGV[3])
return 1
`;

/** A failed send that a visitor's retry will repeat: forget the job, if the lease is still ours. */
const RELEASE = `
if redis.call('GET', KEYS[2]) == ARGV[1] then
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[2])
  return 1
end
return 0
`;

/** Extends our lease, or takes it back if it lapsed and nobody else holds it. */
const RENEW = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`;

type JobCommands = Redis & {
  mailJobComplete(
    idem: string,
    lease: string,
    pending: string,
    owner: string,
    done: string,
    key: string,
  ): Promise<number>;
  mailJobRelease(idem: string, lease: string, pending: string, owner: string, key: string): Promise<number>;
  mailJobRenew(lease: string, owner: string, leaseMs: number): Promise<number>;
};

const idemKey = (key: string) => `idem:${key}`;
const leaseKey = (key: string) => `lease:${key}`;

function parse(raw: string | null): JobRecord | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as JobRecord;
  } catch {
    return undefined;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const STILL_SENDING_MESSAGE = "This message is still being sent. Please try again in a few seconds.";

export function createRedisMailJobs(
  shared: SharedState,
  deliver: (payload: NotifyRequestBody) => Promise<Answer>,
  {
    leaseMs = MAIL_LEASE_MS,
    ttlMs = IDEMPOTENCY_TTL_MS,
    waitMs = WAIT_FOR_OUTCOME_MS,
    log,
  }: RedisMailJobsOptions,
): RedisMailJobs {
  const redis = shared.redis as JobCommands;
  if (typeof redis.mailJobComplete !== "function") {
    redis.defineCommand("mailJobComplete", { numberOfKeys: 3, lua: COMPLETE });
    redis.defineCommand("mailJobRelease", { numberOfKeys: 3, lua: RELEASE });
    redis.defineCommand("mailJobRenew", { numberOfKeys: 1, lua: RENEW });
  }
  const owner = randomUUID();
  /** Sent mails whose outcome could not be written yet (Redis was away): written on reconnect. */
  const unrecorded = new Map<string, DoneRecord>();
  const sending = new Set<string>();
  let closed = false;

  async function record(key: string, done: DoneRecord): Promise<void> {
    try {
      await redis.mailJobComplete(idemKey(key), leaseKey(key), PENDING, owner, JSON.stringify(done), key);
      unrecorded.delete(key);
    } catch (error) {
      unrecorded.set(key, done);
      log.error(
        { err: error },
        "a mail was sent but its outcome could not be recorded in Redis yet; retrying on reconnect",
      );
    }
  }

  async function flushUnrecorded(): Promise<void> {
    for (const [key, done] of [...unrecorded]) await record(key, done);
  }
  shared.onReconnect(() => {
    void flushUnrecorded();
  });

  /**
   * Sends the job we hold the lease for, renewing the lease meanwhile, and records the outcome.
   * `fromSweep`: nobody is waiting, so a failure keeps the job for a later attempt.
   */
  async function send(key: string, job: PendingRecord, fromSweep: boolean): Promise<Answer> {
    sending.add(key);
    const renew = setInterval(
      () => {
        redis.mailJobRenew(leaseKey(key), owner, leaseMs).catch(() => {});
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    try {
      let answer: Answer;
      try {
        answer = await deliver(job.payload);
      } catch (error) {
        log.error({ err: error }, "a mail job failed");
        answer = { status: 502, body: { success: false, error: "The message could not be sent." } };
      }
      if (answer.status >= 200 && answer.status <= 299) {
        await record(key, { state: "done", fingerprint: job.fingerprint, answer });
      } else if (!fromSweep) {
        await redis.mailJobRelease(idemKey(key), leaseKey(key), PENDING, owner, key).catch(() => {});
      }
      return answer;
    } finally {
      clearInterval(renew);
      sending.delete(key);
    }
  }

  /**
   * True when this instance may take over a job someone else began (see the file comment): it has
   * been connected for a full lease plus the longest reconnect pause, so the job's holder, if it is
   * alive, has had the time to reconnect and renew its lease or record its mail.
   */
  const mayTakeOver = () => shared.connectedForMs() >= leaseMs + RECONNECT_MAX_DELAY_MS;

  async function tryLease(key: string): Promise<boolean> {
    return (await redis.set(leaseKey(key), owner, "PX", leaseMs, "NX")) === "OK";
  }

  async function run(key: string, fingerprint: string, payload: NotifyRequestBody): Promise<Answer> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const fresh: PendingRecord = { state: "pending", fingerprint, payload, startedAt: Date.now() };
      // Listed first, so a job is never pending without the sweep knowing of it.
      await redis.zadd(PENDING, "NX", fresh.startedAt, key);
      const created = await redis.set(idemKey(key), JSON.stringify(fresh), "PX", ttlMs, "NX");
      if (created === "OK" && (await tryLease(key))) return send(key, fresh, false);

      const existing = parse(await redis.get(idemKey(key)));
      if (existing !== undefined) {
        if (existing.fingerprint !== fingerprint) return KEY_REUSED;
        if (existing.state === "done") return existing.answer;
        if ((created === "OK" || mayTakeOver()) && !sending.has(key) && (await tryLease(key)))
          return send(key, existing, false);
      }
      // Another instance is sending it (or it just failed there and was forgotten): look again.
      if (Date.now() >= deadline) throw new SharedStateUnavailableError(undefined, STILL_SENDING_MESSAGE);
      await delay(POLL_MS);
    }
  }

  async function sweep(): Promise<void> {
    if (!shared.available() || !mayTakeOver()) return;
    const keys = await redis.zrange(PENDING, "0", "49");
    for (const key of keys) {
      if (closed) return;
      if (sending.has(key) || unrecorded.has(key)) continue;
      const job = parse(await redis.get(idemKey(key)));
      if (job === undefined || job.state === "done") {
        await redis.zrem(PENDING, key);
        continue;
      }
      if (!(await tryLease(key))) continue;
      log.info("taking over a mail job whose instance stopped sending it");
      await send(key, job, true);
    }
  }

  let sweeping: Promise<void> | undefined;
  const timer = setInterval(
    () => {
      if (sweeping !== undefined) return;
      sweeping = sweep()
        .catch((error: unknown) => log.warn({ err: error }, "the mail job sweep could not run"))
        .finally(() => {
          sweeping = undefined;
        });
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();

  return {
    run,
    async close() {
      closed = true;
      clearInterval(timer);
      await sweeping;
      await flushUnrecorded();
    },
  };
}
