/**
 * The server's state behind two small interfaces, so that one place decides where it lives:
 * `sqlite-stores.ts` keeps everything in DATA_DIR/portfolio.db (one server process), and
 * `redis-mail-jobs.ts` shares the mail queue between instances.
 *
 * A write that the disk (or Redis) refuses rejects with `StoreUnavailableError` and leaves
 * nothing half-written; callers answer 503 and lose nothing already acknowledged.
 */
import type { NotifyRequestBody, StoreRequestBody } from "../../src/shared/contact/protocol";

/**
 * A message as stored by `POST /api/messages` (and the no-JS form): its UUID (lowercase), the
 * fields, when it was stored, and when its alert (Idempotency-Key = id) went out (ISO 8601).
 */
export interface StoredMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  notifiedAt: string | null;
}

/**
 * `added`: stored now. `exists`: this id is stored with the same fields (a retry; nothing
 * changes). `conflict`: this id is stored with different fields (nothing changes; answer 422).
 */
export type AddOutcome = "added" | "exists" | "conflict";

export interface MessageStore {
  /** Stores a message unless its id is known. Ids compare case-insensitively. */
  add(message: StoreRequestBody): Promise<AddOutcome>;
  /**
   * Stores all these messages (with their own creation times) or none: rejects with the index of
   * the first one whose id is stored with other fields. Resolves to the count of new ones.
   */
  addAll(messages: readonly (StoreRequestBody & { createdAt: string })[]): Promise<number>;
  /** Records that the owner was mailed about the message with this id (no-op for unknown ids). */
  markNotified(id: string, at: Date): Promise<void>;
  /** Every stored message, oldest first. */
  list(): Promise<StoredMessage[]>;
  /** Deletes every message sent from this address (case-insensitive); resolves to the count. */
  deleteByEmail(email: string): Promise<number>;
  /** Deletes messages (and finished mail jobs) from before `cutoff`; resolves to the message count. */
  purgeOlderThan(cutoff: Date): Promise<number>;
}

/**
 * One mail of the queue: the owner's alert for a notify request under its Idempotency-Key (or a
 * random key), recorded (epoch ms) before it is sent; its failed attempts so far; and whether it
 * goes out in its ALERT_LIMIT window's digest instead of an alert of its own.
 */
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
  /** Epoch ms of a pending job's next attempt. */
  nextAttemptAt?: number | undefined;
  /** Why the last attempt failed (a pending job's, or a failed one's for good). */
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
  /** Ends the holder's attempt at a job. */
  settle(key: string, holder: string, settlement: Settlement): Promise<void>;
  /** When the next pending job is due; undefined when none is. */
  nextDueAt(): Promise<number | undefined>;
  /** For /healthz: jobs pending, failed for good, and pending for more than an hour (`late`). */
  counts(): Promise<{ pending: number; failed: number; late: number }>;
  /** The state of each of these jobs that is known (a sent job is forgotten after a day). */
  states(keys: readonly string[]): Promise<Map<string, MailState>>;
  /** Makes every failed job pending again, due now; resolves to the count. */
  retryFailed(): Promise<number>;
  /** Counts one alert mail in the ALERT_LIMIT window starting at `start`; resolves to its count so far. */
  countAlert(start: number, windowMs: number): Promise<number>;
  /** Gives back the count of an alert that was not sent after all (its attempt failed). */
  uncountAlert(start: number): Promise<void>;
  /** Forgets sent jobs past the idempotency TTL. */
  prune(): Promise<void>;
  close(): Promise<void>;
}

/** How long a sent job is remembered for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A store could not write (disk full, read-only, damaged, Redis away). Nothing was half-written. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}
