/**
 * The server's state behind two small interfaces (SQLite in `sqlite-stores.ts`, the mail queue shared
 * through Redis in `redis-mail-jobs.ts`). A write that the disk (or Redis) refuses rejects with
 * `StoreUnavailableError` and leaves nothing half-written: callers answer 503.
 */
import type { NotifyRequestBody, StoreRequestBody } from "../../src/shared/contact/protocol";

/** A stored message: its UUID (lowercase), and when it was stored and its alert went out (ISO 8601). */
export interface StoredMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  notifiedAt: string | null;
}

/** `exists`: this id is stored with the same fields (a retry); `conflict`: with others (422). */
export type AddOutcome = "added" | "exists" | "conflict";

export interface MessageStore {
  /** Stores a message unless its id is known. Ids compare case-insensitively. */
  add(message: StoreRequestBody): Promise<AddOutcome>;
  /**
   * Stores all these messages (with their own creation times) or none: rejects with the index of
   * the first one whose id is stored with other fields. Resolves to the count of new ones.
   */
  addAll(messages: readonly (StoreRequestBody & { createdAt: string })[]): Promise<number>;
  /**
   * The messages the API stored whose notify step had not come by `notifyBy` (the page closed
   * between the two steps), and whose alert is not queued yet; `dueBy` Infinity counts them all.
   */
  awaitingNotify(dueBy: number): Promise<StoredMessage[]>;
  /** The message's alert is queued: it no longer awaits its notify step. */
  notifyQueued(id: string): Promise<void>;
  /** Records that the owner was mailed about the message with this id (no-op for unknown ids). */
  markNotified(id: string, at: Date): Promise<void>;
  /** Every stored message, oldest first. */
  list(): Promise<StoredMessage[]>;
  /** Deletes every message sent from this address (case-insensitive); resolves to the count. */
  deleteByEmail(email: string): Promise<number>;
  /** Deletes messages (and finished mail jobs) from before `cutoff`; resolves to the message count. */
  purgeOlderThan(cutoff: Date): Promise<number>;
}

/** One mail of the queue: the owner's alert under its Idempotency-Key, or part of a digest. */
export interface MailJob {
  key: string;
  payload: NotifyRequestBody;
  createdAt: number;
  attempts: number;
  digest: boolean;
}

/** How an attempt ended: sent, due again at `at` (after `error`, or deferred to a digest), or failed. */
export type Settlement =
  | { state: "sent" }
  | { state: "pending"; at: number; error?: string; digest?: boolean }
  | { state: "failed"; error: string };

/** Where a job stands, for the owner's `npm run messages -- list`. */
export interface MailState {
  state: "pending" | "sent" | "failed";
  nextAttemptAt?: number | undefined;
  lastError?: string | undefined;
}

/** The mail queue's jobs, which double as the Idempotency-Key records of the notify endpoint. */
export interface MailJobStore {
  /** Records a job due now, unless the key is known (`exists`, or `conflict` with another body). */
  record(
    key: string,
    fingerprint: string,
    payload: NotifyRequestBody,
  ): Promise<"recorded" | "exists" | "conflict">;
  /** Takes up to `limit` due jobs for `holder`, each for `leaseMs` (nobody else sends them meanwhile). */
  takeDue(holder: string, leaseMs: number, limit: number): Promise<MailJob[]>;
  settle(key: string, holder: string, settlement: Settlement): Promise<void>;
  /** When the next pending job is due; undefined when none is. */
  nextDueAt(): Promise<number | undefined>;
  /** For /healthz: jobs pending, failed for good, and pending for more than an hour (`late`). */
  counts(): Promise<{ pending: number; failed: number; late: number }>;
  /** The state of each of these jobs that is known (a sent job is forgotten after a day). */
  states(keys: readonly string[]): Promise<Map<string, MailState>>;
  /**
   * After the wall clock stepped back: brings each pending job due later than `maxWait(job)` from
   * now back to that, and a creation time in the future back to now; resolves to the jobs moved.
   */
  clampDue(maxWait: (job: Pick<MailJob, "attempts" | "digest">) => number): Promise<number>;
  /** Makes every failed job pending again and every pending one due now; resolves to the count. */
  retryFailed(): Promise<number>;
  /** Counts one alert mail in the ALERT_LIMIT window starting at `start`; resolves to its count so far. */
  countAlert(start: number, windowMs: number): Promise<number>;
  /** Gives back the count of an alert that was not sent after all (its attempt failed). */
  uncountAlert(start: number): Promise<void>;
  prune(): Promise<void>;
  close(): Promise<void>;
}

/** A job pending for longer than this is "late" (/healthz says "degraded"). */
export const LATE_AFTER_MS = 3_600_000;

/** How long a sent job is remembered for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A store could not write (disk full, read-only, damaged, Redis away). Nothing was half-written. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}
