/**
 * Draining the outbox: the one implementation both the service worker's `sync` handler
 * (Chromium's Background Sync) and the page's fallback (Firefox, Safari, and the safety net on
 * load everywhere) run. No DOM, no React, no `import.meta.env`: the steps, the outbox and the lock
 * are passed in.
 *
 * Rules (docs/requirements.md; the states are drawn in docs/architecture.md):
 * - Drains are serialised with a Web Lock ("contact-outbox"), shared by pages and the worker, and
 *   the entries are read inside the lock: two drains at once never send a message twice.
 * - Entries go out in the order they were queued. Each runs the shared `deliver` with the steps
 *   already done skipped (`done`), and `saved: true` is recorded before notify (`onSaved`).
 * - Both steps succeeded: the entry is removed and `OUTBOX_DELIVERED` is announced.
 * - A retryable failure (network, timeout, HTTP 429, 5xx): the entry stays, `attempts` + 1 and
 *   `lastError` recorded; a Retry-After sets `nextAttemptAt`, and the entry is not tried before
 *   then. It also ends the pass: later entries wait behind it, so the order holds and a server
 *   that asked us to slow down is not hammered.
 * - Any other refusal is final for that entry: it stays, marked `failed` with the server's
 *   error, and is skipped by later drains until the visitor retries or discards it.
 * - Nothing expires and nothing is dropped.
 */
import { type DeliverDeps, type DeliverResult, deliver } from "./deliver";
import type { Outbox, OutboxEntry } from "./outbox";
import type { OutboxActor, OutboxMessage } from "./outbox-messages";

/** The Background Sync tag the page registers and the worker's `sync` handler answers. */
export const OUTBOX_SYNC_TAG = "contact-outbox";
/** The Web Lock every drain (and Discard) holds. */
export const OUTBOX_LOCK_NAME = "contact-outbox";

/** Runs `work` while holding the named lock, exclusively across everything sharing the lock. */
export interface OutboxLock {
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/**
 * A lock for one JavaScript context (a promise chain per name). Used where the Web Locks API is
 * missing (Node, and browsers from before 2022); it serialises drains within the context only.
 */
export function createInProcessLock(): OutboxLock {
  const tails = new Map<string, Promise<void>>();
  return {
    run<T>(name: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(work);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return result;
    },
  };
}

const contextLock = createInProcessLock();

interface LocksLike {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
}

/** The Web Locks API (`navigator.locks`, in pages and workers) when present, else a per-context lock. */
export function defaultOutboxLock(): OutboxLock {
  const locks = typeof navigator === "undefined" ? undefined : (navigator as { locks?: LocksLike }).locks;
  if (!locks || typeof locks.request !== "function") return contextLock;
  return {
    run<T>(name: string, work: () => Promise<T>): Promise<T> {
      return locks.request(name, () => work()) as Promise<T>;
    },
  };
}

function defaultIsOnline(): boolean {
  return typeof navigator === "undefined" || (navigator as { onLine?: boolean }).onLine !== false;
}

export interface DrainOptions {
  outbox: Outbox;
  /** The save and notify steps (`createDeliverDeps(config)`). */
  deps: Pick<DeliverDeps, "save" | "notify">;
  /** Who drains: it goes into the announcements. */
  from: OutboxActor;
  /** Default: the Web Locks API, else a lock for this context. */
  lock?: OutboxLock;
  /** Told about every change (over a BroadcastChannel, in the app). */
  announce?: (message: OutboxMessage) => void;
  /** Default: `navigator.onLine` (true where there is no navigator). Offline, nothing is tried. */
  isOnline?: () => boolean;
  now?: () => number;
}

export interface DrainReport {
  /** Sent (saved and notified) and removed, in the order they went out. */
  delivered: string[];
  /** Refused for good in this pass: now marked failed. */
  failed: string[];
  /** A retryable failure in this pass: still pending, attempts incremented. */
  retrying: string[];
  /** Not tried in this pass: offline, before their `nextAttemptAt`, or queued behind a retry. */
  deferred: string[];
  /** True when the pass did not run because the device is offline. */
  offline: boolean;
  /** Entries still waiting to be sent (pending, not failed) after this pass. */
  pending: number;
  /** The earliest `nextAttemptAt` among the waiting entries, if any has one. */
  nextAttemptAt: number | null;
}

type Outcome = "delivered" | "failed" | "retrying";

interface Refusal {
  retryable: boolean;
  error: string;
  status: number | null;
  retryAfterMs: number | undefined;
  /** The save step is known to have succeeded. */
  saved: boolean;
}

/** Why an attempt that did not deliver failed (an answer without success, or a step failure). */
function refusalOf(result: DeliverResult): Refusal {
  if (result.status === "answered") {
    return {
      retryable: result.retryable,
      error: result.text,
      status: result.httpStatus,
      retryAfterMs: result.retryAfterMs,
      saved: true,
    };
  }
  return {
    retryable: result.failure.retryable,
    error: result.failure.error,
    status: result.failure.status ?? null,
    retryAfterMs: result.failure.retryAfterMs,
    saved: result.step === "notify",
  };
}

/** Sends what the outbox holds, once, in order, under the lock. Throws only if IndexedDB fails. */
export function drainOutbox(options: DrainOptions): Promise<DrainReport> {
  const lock = options.lock ?? defaultOutboxLock();
  return lock.run(OUTBOX_LOCK_NAME, () => drainLocked(options));
}

async function drainLocked(options: DrainOptions): Promise<DrainReport> {
  const { outbox, deps, from } = options;
  const now = options.now ?? Date.now;
  const announce = options.announce ?? (() => {});
  const isOnline = options.isOnline ?? defaultIsOnline;
  const report: DrainReport = {
    delivered: [],
    failed: [],
    retrying: [],
    deferred: [],
    offline: false,
    pending: 0,
    nextAttemptAt: null,
  };
  // Read inside the lock: whatever a previous holder delivered is gone by now.
  const entries = await outbox.list();
  const waiting = entries.filter((entry) => entry.status === "pending");
  if (waiting.length === 0) return report;

  report.offline = !isOnline();
  let halted = report.offline;

  const attempt = async (entry: OutboxEntry): Promise<Outcome> => {
    const startedAt = now();
    const result = await deliver(entry.message, {
      ...deps,
      done: { saved: entry.saved, notified: entry.notified },
      onSaved: async () => {
        await outbox.update(entry.id, (current) => ({ ...current, saved: true }));
      },
    });

    if (result.status === "answered" && result.success) {
      await outbox.remove(entry.id);
      announce({ type: "OUTBOX_DELIVERED", id: entry.id, from });
      return "delivered";
    }

    const refusal = refusalOf(result);
    const updated = await outbox.update(entry.id, (current) => ({
      ...current,
      saved: current.saved || refusal.saved,
      attempts: current.attempts + 1,
      lastAttemptAt: startedAt,
      lastError: refusal.error,
      lastStatus: refusal.status,
      nextAttemptAt:
        refusal.retryable && refusal.retryAfterMs !== undefined ? now() + refusal.retryAfterMs : null,
      status: refusal.retryable ? current.status : "failed",
    }));
    if (refusal.retryable) {
      if (updated?.nextAttemptAt != null) {
        report.nextAttemptAt = Math.min(report.nextAttemptAt ?? updated.nextAttemptAt, updated.nextAttemptAt);
      }
      announce({ type: "OUTBOX_CHANGED", from });
      return "retrying";
    }
    announce({ type: "OUTBOX_FAILED", id: entry.id, error: refusal.error, from });
    return "failed";
  };

  for (const entry of waiting) {
    if (!halted && entry.nextAttemptAt !== null && entry.nextAttemptAt > now()) halted = true;
    if (halted) {
      report.deferred.push(entry.id);
      if (entry.nextAttemptAt !== null) {
        report.nextAttemptAt = Math.min(report.nextAttemptAt ?? entry.nextAttemptAt, entry.nextAttemptAt);
      }
      continue;
    }
    const outcome = await attempt(entry);
    report[outcome].push(entry.id);
    if (outcome === "retrying") halted = true;
  }

  report.pending = report.retrying.length + report.deferred.length;
  return report;
}

/** Rejects the sync event's `waitUntil` so the browser schedules another attempt. */
export class OutboxRetryLaterError extends Error {
  override name = "OutboxRetryLaterError";
  constructor(readonly report: DrainReport) {
    super(
      report.offline
        ? `Offline: ${report.pending} message(s) wait for the connection.`
        : `${report.pending} message(s) could not be sent yet: the browser will try again.`,
    );
  }
}

/** Drains; rejects when entries are still waiting (retryable failures), resolves otherwise. */
export async function drainForSync(options: DrainOptions): Promise<DrainReport> {
  const report = await drainOutbox(options);
  if (report.pending > 0) throw new OutboxRetryLaterError(report);
  return report;
}

/** The part of a Background Sync `SyncEvent` the handler uses (not in TypeScript's libs). */
export interface SyncEventLike {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The worker's `sync` listener: for the "contact-outbox" tag, drains and keeps the event alive
 * until done; a rejection (retryable failures left) makes the browser retry later. Chromium
 * retries twice (about 5 and 15 minutes later), then gives up: the page drains on its next load.
 */
export function createOutboxSyncListener(options: DrainOptions): (event: SyncEventLike) => void {
  // The browser fires "sync" because it sees a connection: the worker's `navigator.onLine` can
  // lag behind that (it is updated separately), and skipping on it would waste the event (the
  // next retry is minutes away). Trying costs at most a network failure, which is retried.
  const drainOptions: DrainOptions = { isOnline: () => true, ...options };
  return (event) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(drainForSync(drainOptions));
  };
}
