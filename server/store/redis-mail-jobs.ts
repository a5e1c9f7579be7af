/**
 * The mail queue on Redis, shared by every instance when REDIS_URL is set (its keys: see
 * docs/architecture.md). `job:<key>` is written once, with its place in `due` and `pending`; sent,
 * it drops its payload and expires after a day. `lease:<key>` names the instance sending the job,
 * renewed while the send runs, so a crashed instance's job is taken over when it lapses.
 *
 * A sender that loses Redis after the mail went out keeps the outcome in `redis_spool` (SQLite) and
 * writes it at the next chance. Another instance takes over a job begun elsewhere only after being
 * connected for a full lease plus the longest reconnect pause, which gives the sender that time; so
 * a closing sender waits for Redis as long as it holds such an outcome (what holds when it is killed
 * meanwhile: docs/architecture.md).
 */
import type { Redis } from "ioredis";
import type { NotifyRequestBody } from "../../src/shared/contact/protocol";
import type { Db } from "./database";
import { RECONNECT_MAX_DELAY_MS, type RedisState } from "./redis-state";
import {
  IDEMPOTENCY_TTL_MS,
  LATE_AFTER_MS,
  type MailJob,
  type MailJobStore,
  type MailState,
  type Settlement,
  StoreUnavailableError,
} from "./stores";

interface JobRecord {
  state: "pending" | "sent" | "failed";
  fingerprint: string;
  payload?: NotifyRequestBody;
  createdAt: number;
  attempts: number;
  digest?: boolean;
  lastError?: string;
  /** Set from taking the job until its outcome is recorded: "maybe sent". */
  heldBy?: string;
}

/** Records a new job unless the key is known; answers the known record. */
const RECORD = `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[3])
return false
`;

/** Extends our lease, or takes it back if it lapsed (during an outage) and nobody else holds it. */
const RENEW = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not holder then return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) and 1 end
return 0
`;

/** Lets go of a lease if we still hold it. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

/** Takes one from a window's count, if the window is still counted (never recreates it). */
const UNCOUNT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
`;

type JobCommands = Redis & {
  mailJobRecord(
    job: string,
    due: string,
    pending: string,
    record: string,
    at: number,
    key: string,
  ): Promise<string | null>;
  mailJobRenew(lease: string, holder: string, leaseMs: number): Promise<number>;
  mailLeaseRelease(lease: string, holder: string): Promise<number>;
  mailAlertUncount(window: string): Promise<number>;
};

const DUE = "due";
const PENDING = "pending";
const FAILED = "failed";
const jobKey = (key: string) => `job:${key}`;
const leaseKey = (key: string) => `lease:${key}`;
/** Held by the one instance that takes digest jobs, so that a window's digest is one mail. */
const DIGEST_LEASE = "digest-lease";
const parse = (raw: string | null) => (raw === null ? undefined : (JSON.parse(raw) as JobRecord));

export interface RedisMailJobsLog {
  error(details: { err: unknown }, message: string): void;
}

export function openRedisMailJobStore(redisState: RedisState, db: Db, log: RedisMailJobsLog): MailJobStore {
  const redis = redisState.redis as JobCommands;
  if (typeof redis.mailJobRecord !== "function") {
    redis.defineCommand("mailJobRecord", { numberOfKeys: 3, lua: RECORD });
    redis.defineCommand("mailJobRenew", { numberOfKeys: 1, lua: RENEW });
    redis.defineCommand("mailLeaseRelease", { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand("mailAlertUncount", { numberOfKeys: 1, lua: UNCOUNT });
  }
  const spool = {
    keys: db.prepare("SELECT key FROM redis_spool").pluck(),
    put: db.prepare("INSERT OR REPLACE INTO redis_spool VALUES (?, ?)"),
    remove: db.prepare("DELETE FROM redis_spool WHERE key = ?"),
  };
  const spooled = () => new Set(spool.keys.all() as string[]);
  /** Leases this process holds, each renewed until the job is settled. */
  const renewals = new Map<string, NodeJS.Timeout>();

  /** Runs Redis steps; a lost or slow Redis becomes a StoreUnavailableError (answered 503). */
  const guard = <T>(step: () => Promise<T>): Promise<T> =>
    step().catch((error: unknown) => {
      throw new StoreUnavailableError("Redis is unavailable", { cause: error });
    });

  /** The digest jobs this process holds, and the renewal of the digest lease while it holds any. */
  const digestKeys = new Set<string>();
  let digestRenewal: NodeJS.Timeout | undefined;

  /** Takes the digest lease, or extends it if ours: false while another instance holds it. */
  async function takeDigestLease(holder: string, leaseMs: number): Promise<boolean> {
    if ((await redis.mailJobRenew(DIGEST_LEASE, holder, leaseMs)) !== 1) return false;
    const renew = () => void redis.mailJobRenew(DIGEST_LEASE, holder, leaseMs).catch(() => {});
    digestRenewal ??= setInterval(renew, Math.max(100, Math.floor(leaseMs / 3))).unref();
    return true;
  }

  /** Lets go of the digest lease once no digest job of ours is left. */
  function releaseDigestLease(holder?: string): void {
    if (digestKeys.size > 0 || digestRenewal === undefined) return;
    clearInterval(digestRenewal);
    digestRenewal = undefined;
    if (holder !== undefined) void redis.mailLeaseRelease(DIGEST_LEASE, holder).catch(() => {});
  }

  function dropLease(key: string, holder?: string): void {
    clearInterval(renewals.get(key));
    renewals.delete(key);
    if (digestKeys.delete(key)) releaseDigestLease(holder);
  }

  async function write(key: string, settlement: Settlement): Promise<void> {
    const record = parse(await redis.get(jobKey(key)));
    if (record === undefined) return;
    const { heldBy: _, ...rest } = record;
    const failed = settlement.state !== "sent" && settlement.error !== undefined ? 1 : 0;
    const next: JobRecord = { ...rest, state: settlement.state, attempts: record.attempts + failed };
    const tx = redis.multi().del(leaseKey(key));
    if (settlement.state === "sent") {
      const { payload: _payload, ...sent } = next;
      tx.set(jobKey(key), JSON.stringify(sent), "PX", IDEMPOTENCY_TTL_MS).zrem(DUE, key).zrem(PENDING, key);
    } else if (settlement.state === "failed") {
      tx.set(jobKey(key), JSON.stringify({ ...next, lastError: settlement.error })).zrem(DUE, key);
      tx.zrem(PENDING, key).sadd(FAILED, key);
    } else {
      const pending = {
        ...next,
        digest: settlement.digest === true,
        lastError: settlement.error ?? record.lastError,
      };
      tx.set(jobKey(key), JSON.stringify(pending)).zadd(DUE, settlement.at, key);
    }
    await tx.exec();
  }

  async function flushSpool(): Promise<void> {
    for (const key of spooled()) {
      await write(key, { state: "sent" });
      spool.remove.run(key);
    }
  }
  const flushQuietly = () =>
    flushSpool().catch((error: unknown) =>
      log.error({ err: error }, "could not write a kept mail outcome to Redis"),
    );
  redisState.onReconnect(() => void flushQuietly());
  void flushQuietly();

  /** See the file comment: connected long enough that a live sender has written its outcome. */
  const mayTakeOver = (leaseMs: number) => redisState.connectedForMs() >= leaseMs + RECONNECT_MAX_DELAY_MS;

  return {
    record: (key, fingerprint, payload) =>
      guard(async () => {
        const at = Date.now();
        const fresh: JobRecord = { state: "pending", fingerprint, payload, createdAt: at, attempts: 0 };
        const known = parse(
          await redis.mailJobRecord(jobKey(key), DUE, PENDING, JSON.stringify(fresh), at, key),
        );
        if (known === undefined) return "recorded";
        return known.fingerprint === fingerprint ? "exists" : "conflict";
      }),

    takeDue: (holder, leaseMs, limit) =>
      guard(async () => {
        const taken: MailJob[] = [];
        const kept = spooled();
        for (const key of await redis.zrangebyscore(DUE, "-inf", Date.now(), "LIMIT", 0, limit)) {
          if (renewals.has(key) || kept.has(key)) continue;
          // Digest jobs are taken under the digest lease only: one instance gathers a window's digest.
          const digestJob = parse(await redis.get(jobKey(key)))?.digest === true;
          if (digestJob && !(await takeDigestLease(holder, leaseMs))) continue;
          if ((await redis.set(leaseKey(key), holder, "PX", leaseMs, "NX")) !== "OK") continue;
          const [raw, dueAt] = await Promise.all([redis.get(jobKey(key)), redis.zscore(DUE, key)]);
          const record = parse(raw);
          if (record?.state !== "pending" || record.payload === undefined) {
            await redis.multi().zrem(DUE, key).del(leaseKey(key)).exec();
            continue;
          }
          // Sent and put back since the look above (a retry's wait, a window's digest): not due now.
          if (dueAt === null || Number(dueAt) > Date.now()) {
            await redis.del(leaseKey(key));
            continue;
          }
          const another =
            (record.heldBy !== undefined && !mayTakeOver(leaseMs)) ||
            (record.digest === true && !(await takeDigestLease(holder, leaseMs)));
          if (another) {
            await redis.del(leaseKey(key));
            continue;
          }
          if (record.digest === true) digestKeys.add(key);
          await redis.set(jobKey(key), JSON.stringify({ ...record, heldBy: holder }), "KEEPTTL");
          const renew = () => void redis.mailJobRenew(leaseKey(key), holder, leaseMs).catch(() => {});
          renewals.set(key, setInterval(renew, Math.max(100, Math.floor(leaseMs / 3))).unref());
          const { payload, createdAt, attempts, digest = false } = record;
          taken.push({ key, payload, createdAt, attempts, digest });
        }
        releaseDigestLease(holder);
        return taken;
      }),

    async settle(key, holder, settlement) {
      dropLease(key, holder);
      try {
        await write(key, settlement);
      } catch (error) {
        // The mail is out: keep that on disk, or another instance would send it again.
        if (settlement.state !== "sent")
          throw new StoreUnavailableError("Redis is unavailable", { cause: error });
        spool.put.run(key, JSON.stringify(settlement));
        log.error(
          { err: error },
          "A mail was sent but Redis is away: its outcome is kept on disk until Redis is back.",
        );
      }
    },

    nextDueAt: () =>
      guard(async () => {
        const [, score] = await redis.zrange(DUE, "0", "0", "WITHSCORES");
        return score === undefined ? undefined : Number(score);
      }),

    counts: () =>
      guard(async () => {
        const [pending, late, failed] = await Promise.all([
          redis.zcard(PENDING),
          redis.zcount(PENDING, "-inf", Date.now() - LATE_AFTER_MS),
          redis.scard(FAILED),
        ]);
        return { pending, late, failed };
      }),

    states: (keys) =>
      guard(async () => {
        const states = new Map<string, MailState>();
        if (keys.length === 0) return states;
        const records = await redis.mget(...keys.map(jobKey));
        for (const [index, key] of keys.entries()) {
          const record = parse(records[index] ?? null);
          if (record === undefined) continue;
          const due = record.state === "pending" ? await redis.zscore(DUE, key) : null;
          states.set(key, {
            state: record.state,
            nextAttemptAt: due === null ? undefined : Number(due),
            lastError: record.lastError,
          });
        }
        return states;
      }),

    clampDue: (maxWait) =>
      guard(async () => {
        const at = Date.now();
        for (const key of await redis.zrangebyscore(PENDING, `(${at}`, "+inf")) {
          await redis.zadd(PENDING, "XX", at, key);
        }
        const later = await redis.zrangebyscore(DUE, `(${at}`, "+inf", "WITHSCORES");
        let moved = 0;
        for (let index = 0; index < later.length; index += 2) {
          const key = later[index] ?? "";
          const record = parse(await redis.get(jobKey(key)));
          if (record?.state !== "pending") continue;
          const latest = at + maxWait({ attempts: record.attempts, digest: record.digest === true });
          if (Number(later[index + 1]) <= latest) continue;
          await redis.zadd(DUE, "XX", latest, key);
          moved += 1;
        }
        return moved;
      }),

    retryFailed: () =>
      guard(async () => {
        // Pending jobs are due now (one being sent keeps its lease, so nobody takes it twice).
        const pending = await redis.zrange(PENDING, "0", "-1");
        for (const key of pending) await redis.zadd(DUE, "XX", String(Date.now()), key);
        const keys = await redis.smembers(FAILED);
        for (const key of keys) {
          const record = parse(await redis.get(jobKey(key)));
          const at = Date.now();
          const tx = redis.multi().srem(FAILED, key);
          if (record !== undefined) {
            const again: JobRecord = { ...record, state: "pending", attempts: 0, createdAt: at };
            tx.set(jobKey(key), JSON.stringify(again)).zadd(DUE, at, key).zadd(PENDING, at, key);
          }
          await tx.exec();
        }
        return pending.length + keys.length;
      }),

    countAlert: (start, windowMs) =>
      guard(async () => {
        const [[, count] = []] =
          (await redis
            .multi()
            .incr(`alerts:${start}`)
            .pexpire(`alerts:${start}`, 2 * windowMs)
            .exec()) ?? [];
        return Number(count);
      }),

    uncountAlert: (start) =>
      guard(async () => {
        await redis.mailAlertUncount(`alerts:${start}`);
      }),

    prune: async () => {},

    /**
     * Waits, however long, until Redis has every outcome kept on disk: exiting before would let
     * another instance send those mails again once their leases lapse. A second signal ends the
     * process at once (the crash case: that instance may then send them again).
     */
    async close() {
      for (const key of [...renewals.keys()]) dropLease(key);
      if (spooled().size > 0 && !redisState.available())
        log.error(
          { err: new Error("Redis is unavailable") },
          `Waiting for Redis to record ${spooled().size} sent mail(s) before exiting, so that no other instance sends them again; a second SIGTERM exits now.`,
        );
      while (spooled().size > 0) {
        if (redisState.available()) await flushQuietly();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
