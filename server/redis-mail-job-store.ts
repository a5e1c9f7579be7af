/**
 * The MailJobStore (idempotency records + mail jobs) on Redis, shared by every instance when
 * REDIS_URL is set.
 *
 * - `idem:<key>` holds the job: written with `SET NX` and a 24 h expiry, so one instance begins
 *   it. While pending it keeps the message (a takeover needs it); once sent, only the answer.
 * - `lease:<key>` names the holder that is sending it: `SET NX PX`, renewed by this process while
 *   the send runs. A crashed instance's lease expires, and another instance takes the job over
 *   (a retry of the same key, or `claimAbandoned`) and mails it once.
 * - `jobs:pending`, sorted by start time, lets `claimAbandoned` find pending jobs.
 *
 * An instance takes over a job someone else began only after it has been connected for a full
 * lease plus the longest reconnect pause: after a Redis outage, the instance that sent a mail but
 * could not record it has that long to reconnect and record it (it keeps such outcomes in memory
 * and writes them first thing on reconnect), so the mail is not sent twice.
 */
import type { Redis } from "ioredis";
import type { NotifyRequestBody } from "../src/shared/contact/protocol";
import { RECONNECT_MAX_DELAY_MS, type SharedState } from "./shared-state";
import { IDEMPOTENCY_TTL_MS } from "./sqlite-stores";
import {
  type Answer,
  type ClaimResult,
  type JobOutcome,
  type MailJob,
  type MailJobStore,
  StoreUnavailableError,
} from "./stores";

const PENDING = "jobs:pending";
/** How many abandoned jobs one `claimAbandoned` call takes at most. */
const ABANDONED_BATCH = 50;

interface PendingRecord {
  state: "pending";
  fingerprint: string;
  payload: NotifyRequestBody;
  createdAt: number;
  attempts: number;
}

interface DoneRecord {
  state: "done";
  fingerprint: string;
  answer: Answer;
}

type JobRecord = PendingRecord | DoneRecord;

export interface RedisMailJobStoreLog {
  error(details: { err: unknown }, message: string): void;
}

/** Records the answer whoever holds the lease now (the mail is out); drops our lease. */
const COMPLETE = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('ZREM', KEYS[3], ARGV[3])
return 1
`;

/** A failed send: forget the job, if the lease is still ours. */
const RELEASE = `
if redis.call('GET', KEYS[2]) == ARGV[1] then
  redis.call('DEL', KEYS[1], KEYS[2])
  redis.call('ZREM', KEYS[3], ARGV[2])
  return 1
end
return 0
`;

/** Extends our lease, or takes it back if it lapsed (during an outage) and nobody else holds it. */
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
    holder: string,
    done: string,
    key: string,
  ): Promise<number>;
  mailJobRelease(idem: string, lease: string, pending: string, holder: string, key: string): Promise<number>;
  mailJobRenew(lease: string, holder: string, leaseMs: number): Promise<number>;
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

function jobOf(key: string, record: PendingRecord): MailJob {
  const { fingerprint, payload, createdAt, attempts } = record;
  return { key, fingerprint, payload, createdAt, attempts };
}

export function openRedisMailJobStore(
  shared: SharedState,
  { log, ttlMs = IDEMPOTENCY_TTL_MS }: { log: RedisMailJobStoreLog; ttlMs?: number },
): MailJobStore {
  const redis = shared.redis as JobCommands;
  if (typeof redis.mailJobComplete !== "function") {
    redis.defineCommand("mailJobComplete", { numberOfKeys: 3, lua: COMPLETE });
    redis.defineCommand("mailJobRelease", { numberOfKeys: 3, lua: RELEASE });
    redis.defineCommand("mailJobRenew", { numberOfKeys: 1, lua: RENEW });
  }
  /** Leases this process holds, each renewed until complete/release, with the job's fingerprint. */
  const renewals = new Map<string, { timer: NodeJS.Timeout; fingerprint: string }>();
  /** Sent mails whose answer could not be written yet (Redis was away): written on reconnect. */
  const unrecorded = new Map<string, { holder: string; done: DoneRecord }>();

  /** Runs a Redis step; a lost or slow Redis becomes a StoreUnavailableError (answered 503). */
  async function guard<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      throw new StoreUnavailableError("Redis is unavailable", { cause: error });
    }
  }

  function holdLease(key: string, fingerprint: string, holder: string, leaseMs: number): void {
    clearInterval(renewals.get(key)?.timer);
    const timer = setInterval(
      () => {
        redis.mailJobRenew(leaseKey(key), holder, leaseMs).catch(() => {});
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    renewals.set(key, { timer, fingerprint });
  }

  /** Stops renewing; resolves to the job's fingerprint. */
  function dropLease(key: string): string | undefined {
    const held = renewals.get(key);
    clearInterval(held?.timer);
    renewals.delete(key);
    return held?.fingerprint;
  }

  async function record(key: string, holder: string, done: DoneRecord): Promise<void> {
    try {
      await redis.mailJobComplete(idemKey(key), leaseKey(key), PENDING, holder, JSON.stringify(done), key);
      unrecorded.delete(key);
    } catch (error) {
      unrecorded.set(key, { holder, done });
      log.error({ err: error }, "A mail was sent but Redis is away: its outcome is written on reconnect.");
    }
  }

  async function flushUnrecorded(): Promise<void> {
    for (const [key, { holder, done }] of [...unrecorded]) await record(key, holder, done);
  }
  shared.onReconnect(() => {
    void flushUnrecorded();
  });

  /** See the file comment: connected long enough that a live holder has renewed or recorded. */
  const mayTakeOver = (leaseMs: number) => shared.connectedForMs() >= leaseMs + RECONNECT_MAX_DELAY_MS;

  /** Takes the lease of someone else's pending job, counting the attempt. */
  async function takeOver(
    key: string,
    record: PendingRecord,
    holder: string,
    leaseMs: number,
  ): Promise<MailJob | undefined> {
    if (renewals.has(key) || !mayTakeOver(leaseMs)) return undefined;
    if ((await redis.set(leaseKey(key), holder, "PX", leaseMs, "NX")) !== "OK") return undefined;
    const taken: PendingRecord = { ...record, attempts: record.attempts + 1 };
    await redis.set(idemKey(key), JSON.stringify(taken), "KEEPTTL", "XX");
    holdLease(key, record.fingerprint, holder, leaseMs);
    return jobOf(key, taken);
  }

  return {
    claim: (key, fingerprint, payload, holder, leaseMs) =>
      guard(async (): Promise<ClaimResult> => {
        const local = unrecorded.get(key);
        if (local !== undefined) {
          return local.done.fingerprint === fingerprint
            ? { kind: "done", answer: local.done.answer }
            : { kind: "conflict" };
        }
        // Two rounds: a job released between our SET and GET is gone, and can be begun again.
        for (let round = 0; round < 2; round += 1) {
          const fresh: PendingRecord = {
            state: "pending",
            fingerprint,
            payload,
            createdAt: Date.now(),
            attempts: 1,
          };
          // Listed first, so a pending job is never unknown to claimAbandoned.
          await redis.zadd(PENDING, "NX", fresh.createdAt, key);
          if ((await redis.set(idemKey(key), JSON.stringify(fresh), "PX", ttlMs, "NX")) === "OK") {
            if ((await redis.set(leaseKey(key), holder, "PX", leaseMs, "NX")) !== "OK")
              return { kind: "busy" };
            holdLease(key, fingerprint, holder, leaseMs);
            return { kind: "claimed", job: jobOf(key, fresh) };
          }
          const existing = parse(await redis.get(idemKey(key)));
          if (existing === undefined) continue;
          if (existing.fingerprint !== fingerprint) return { kind: "conflict" };
          if (existing.state === "done") return { kind: "done", answer: existing.answer };
          const job = await takeOver(key, existing, holder, leaseMs);
          return job === undefined ? { kind: "busy" } : { kind: "claimed", job };
        }
        return { kind: "busy" };
      }),

    async complete(key, holder, answer) {
      const fingerprint =
        dropLease(key) ??
        unrecorded.get(key)?.done.fingerprint ??
        (await guard(async () => parse(await redis.get(idemKey(key)))))?.fingerprint;
      if (fingerprint === undefined) return; // not a job we know of: nothing to record
      await record(key, holder, { state: "done", fingerprint, answer });
    },

    async release(key, holder) {
      dropLease(key);
      // If Redis is away, the lease lapses and the job is retried later: a failed send, resent.
      await redis
        .mailJobRelease(idemKey(key), leaseKey(key), PENDING, holder, key)
        .catch((error: unknown) =>
          log.error({ err: error }, "Could not release a failed mail job in Redis."),
        );
    },

    outcome: (key) =>
      guard(async (): Promise<JobOutcome> => {
        const local = unrecorded.get(key);
        if (local !== undefined) return { state: "done", answer: local.done.answer };
        const existing = parse(await redis.get(idemKey(key)));
        if (existing === undefined) return { state: "none" };
        return existing.state === "done" ? { state: "done", answer: existing.answer } : { state: "pending" };
      }),

    claimAbandoned: (holder, leaseMs) =>
      guard(async () => {
        if (!mayTakeOver(leaseMs)) return [];
        const jobs: MailJob[] = [];
        for (const key of await redis.zrange(PENDING, "0", String(ABANDONED_BATCH - 1))) {
          if (renewals.has(key) || unrecorded.has(key)) continue;
          const existing = parse(await redis.get(idemKey(key)));
          if (existing === undefined || existing.state === "done") {
            await redis.zrem(PENDING, key);
            continue;
          }
          const job = await takeOver(key, existing, holder, leaseMs);
          if (job !== undefined) jobs.push(job);
        }
        return jobs;
      }),

    // Records expire by themselves; this drops listing entries whose record has expired.
    prune: () => guard(() => redis.zremrangebyscore(PENDING, "-inf", String(Date.now() - ttlMs))),

    async close() {
      for (const key of [...renewals.keys()]) dropLease(key);
      if (shared.available()) await flushUnrecorded();
    },
  };
}
