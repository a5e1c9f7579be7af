/**
 * The server's state behind two small interfaces, so that one place decides where it lives:
 * `sqlite-stores.ts` keeps everything in DATA_DIR/portfolio.db (one server process), and a
 * shared backend (e.g. Redis, for several instances) can implement the same methods.
 *
 * Every method may be async. A write that the disk refuses rejects with `StoreUnavailableError`
 * and leaves nothing half-written; callers answer 503 and lose nothing already acknowledged.
 */
import type { NotifyRequestBody, ServerAnswer, StoreRequestBody } from "../src/shared/contact/protocol";

/** A message as stored by `POST /api/messages` (and the no-JS form). */
export interface StoredMessage {
  /** The message's UUID, lowercase. */
  id: string;
  name: string;
  email: string;
  message: string;
  /** Server time the message was stored, ISO 8601. */
  createdAt: string;
  /** When the owner's alert for this message (notify with Idempotency-Key = id) went out; null before. */
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
  /** Records that the owner was mailed about the message with this id (no-op for unknown ids). */
  markNotified(id: string, at: Date): Promise<void>;
  /** Every stored message, oldest first. */
  list(): Promise<StoredMessage[]>;
  /** Deletes every message sent from this address (case-insensitive); resolves to the count. */
  deleteByEmail(email: string): Promise<number>;
  /** Deletes messages stored before `cutoff`; resolves to the count. */
  purgeOlderThan(cutoff: Date): Promise<number>;
  close(): Promise<void>;
}

/** An HTTP answer remembered for an Idempotency-Key. */
export interface Answer {
  status: number;
  body: ServerAnswer;
}

/** One owner's alert to send: recorded before anything is sent (a transactional outbox). */
export interface MailJob {
  /** The Idempotency-Key (or a random key when the request had none). */
  key: string;
  /** SHA-256 of the request body, to tell a genuine retry from a reused key. */
  fingerprint: string;
  payload: NotifyRequestBody;
  /** Epoch milliseconds when the job was recorded; stable across retries and restarts. */
  createdAt: number;
  /** How many sends were started for this job (1 on the first). */
  attempts: number;
}

/**
 * - `claimed`: the caller now holds the job's lease and must send it, then `complete` or
 *   `release` it. Either a new job (recorded together with its idempotency record) or a pending
 *   one whose previous holder is gone.
 * - `done`: the key's mail went out; `answer` is the first answer, to repeat.
 * - `busy`: another holder is sending it right now; ask `outcome` later.
 * - `conflict`: the key was used for a different body (answer 422).
 */
export type ClaimResult =
  | { kind: "claimed"; job: MailJob }
  | { kind: "done"; answer: Answer }
  | { kind: "busy" }
  | { kind: "conflict" };

export type JobOutcome = { state: "none" } | { state: "pending" } | { state: "done"; answer: Answer };

/** Idempotency records and mail jobs, with a lease so that one holder at a time sends a job. */
export interface MailJobStore {
  /**
   * Atomically: if `key` is unknown, record a pending job and hold its lease for `leaseMs`;
   * otherwise report what is known about it (see ClaimResult).
   */
  claim(
    key: string,
    fingerprint: string,
    payload: NotifyRequestBody,
    holder: string,
    leaseMs: number,
  ): Promise<ClaimResult>;
  /** The mail was accepted: remember `answer` for the idempotency TTL and drop the payload. */
  complete(key: string, holder: string, answer: Answer): Promise<void>;
  /** The send failed: forget the job, so a retry with the same key sends again. */
  release(key: string, holder: string): Promise<void>;
  /** What is known about a key now. */
  outcome(key: string): Promise<JobOutcome>;
  /** Takes the lease of every pending job nobody holds any more (left by a crash), to resume them. */
  claimAbandoned(holder: string, leaseMs: number): Promise<MailJob[]>;
  /** Forgets answers older than the idempotency TTL; resolves to the count. */
  prune(): Promise<number>;
  close(): Promise<void>;
}

/** A store could not write (disk full, read-only, I/O error). Nothing was half-written. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}
