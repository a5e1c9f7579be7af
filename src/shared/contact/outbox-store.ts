/**
 * The outbox: messages waiting to be sent, in IndexedDB (idb-keyval), keyed by message id, and the
 * drain that sends them (R-11.4, R-11.5; its rules and states: docs/architecture.md). The page and
 * the worker both run it; it alone owns the entries' schema. A value this version cannot read (a
 * newer schema, garbage) is left untouched and not listed, so an old tab never rewrites or sends
 * what it does not understand.
 */
import { createStore, promisifyRequest, type UseStore } from "idb-keyval";
import { type DeliverDeps, decide, deliver, type NotSent } from "./deliver";
import type { ContactMessage } from "./message";
import {
  OUTBOX_DB_NAME,
  OUTBOX_NAME,
  OUTBOX_STORE_NAME,
  type OutboxActor,
  type OutboxMessage,
} from "./outbox-channel";

/** Bump when the entry shape changes, and teach `readEntry` to read the previous version. */
export const OUTBOX_SCHEMA_VERSION = 2;

/** One queued message. Timestamps are ms since the epoch, client clock. */
export interface OutboxEntry {
  schemaVersion: typeof OUTBOX_SCHEMA_VERSION;
  id: string;
  message: ContactMessage;
  /** The save step succeeded: a retry skips it. */
  saved: boolean;
  /** pending: the next drain sends it; failed: refused, it waits for the visitor's Retry or Discard. */
  status: "pending" | "failed";
  attempts: number;
  queuedAt: number;
  /** Not before this time (a Retry-After); null = whenever a drain runs. */
  nextAttemptAt: number | null;
  /** What went wrong last time: the server's `error`, or the network failure. */
  lastError: string | null;
  /** The HTTP status of the last refusal, when there was one. */
  lastStatus: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const numberOrNull = (value: unknown) => value === null || typeof value === "number";

/**
 * A stored value as an entry, or undefined when it cannot be read. Version 1 also kept
 * `notified`, `updatedAt` and `lastAttemptAt`, which nothing read: its entries are read as
 * version 2 without them.
 */
export function readEntry(value: unknown): OutboxEntry | undefined {
  if (!isRecord(value) || (value.schemaVersion !== 1 && value.schemaVersion !== OUTBOX_SCHEMA_VERSION)) {
    return undefined;
  }
  // What it claims to be, checked field by field below.
  const { id, message, saved, status, attempts, queuedAt, nextAttemptAt, lastError, lastStatus } =
    value as unknown as OutboxEntry;
  const readable =
    typeof id === "string" &&
    isRecord(message) &&
    message.id === id &&
    typeof message.name === "string" &&
    typeof message.email === "string" &&
    typeof message.message === "string" &&
    typeof message.createdAt === "number" &&
    typeof saved === "boolean" &&
    (status === "pending" || status === "failed") &&
    typeof attempts === "number" &&
    typeof queuedAt === "number" &&
    numberOrNull(nextAttemptAt) &&
    (lastError === null || typeof lastError === "string") &&
    numberOrNull(lastStatus);
  if (!readable) return undefined;
  return {
    schemaVersion: OUTBOX_SCHEMA_VERSION,
    id,
    message,
    saved,
    status,
    attempts,
    queuedAt,
    nextAttemptAt,
    lastError,
    lastStatus,
  };
}

/** The entry after an attempt that did not deliver it (made at `at`). */
export function recordAttempt(entry: OutboxEntry, outcome: NotSent, at: number): OutboxEntry {
  const retry = outcome.kind === "retry";
  return {
    ...entry,
    saved: entry.saved || outcome.saved,
    status: retry ? "pending" : "failed",
    attempts: entry.attempts + 1,
    nextAttemptAt: retry && outcome.retryAfterMs !== undefined ? at + outcome.retryAfterMs : null,
    lastError: outcome.text,
    lastStatus: outcome.status,
  };
}

/** Oldest first; ties (the same millisecond) by the message's own time, then its id. */
const queueOrder = (a: OutboxEntry, b: OutboxEntry) =>
  a.queuedAt - b.queuedAt || a.message.createdAt - b.message.createdAt || a.id.localeCompare(b.id);

export type Outbox = ReturnType<typeof openOutbox>;

export function openOutbox(options: { dbName?: string; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  let opened: UseStore | undefined;

  /** Opens the database on first use; a failed operation forgets it (closed or deleted), so the next reopens. */
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
    opened ??= createStore(options.dbName ?? OUTBOX_DB_NAME, OUTBOX_STORE_NAME);
    const store = opened;
    try {
      return await store(mode, work);
    } catch (error) {
      if (opened === store) opened = undefined;
      throw error;
    }
  }

  const read = async (store: IDBObjectStore, id: string) => readEntry(await promisifyRequest(store.get(id)));
  /** Writes (or deletes) and resolves once the transaction has committed: the change is durable. */
  const write = (store: IDBObjectStore, id: string, entry?: OutboxEntry) => {
    if (entry) store.put(entry, id);
    else store.delete(id);
    return promisifyRequest(store.transaction);
  };

  return {
    /** Queues a message with the attempt that did not deliver it; one already queued is kept and returned. */
    add(message: ContactMessage, failed?: NotSent) {
      return run("readwrite", async (store) => {
        const existing = await read(store, message.id);
        if (existing) return existing;
        const time = now();
        const fresh: OutboxEntry = {
          schemaVersion: OUTBOX_SCHEMA_VERSION,
          id: message.id,
          message: { ...message },
          saved: false,
          status: "pending",
          attempts: 0,
          queuedAt: time,
          nextAttemptAt: null,
          lastError: null,
          lastStatus: null,
        };
        const entry = failed ? recordAttempt(fresh, failed, time) : fresh;
        await write(store, entry.id, entry);
        return entry;
      });
    },

    /** Every readable entry, oldest first. */
    list() {
      return run("readonly", async (store) => {
        const stored: unknown[] = await promisifyRequest(store.getAll());
        return stored
          .map(readEntry)
          .filter((entry) => entry !== undefined)
          .sort(queueOrder);
      });
    },

    /** Read-modify-write in one transaction; undefined (and nothing written) when the entry is gone. */
    update(id: string, change: (entry: OutboxEntry) => OutboxEntry) {
      return run("readwrite", async (store) => {
        const current = await read(store, id);
        if (!current) return undefined;
        const next: OutboxEntry = { ...change(current), schemaVersion: OUTBOX_SCHEMA_VERSION, id };
        await write(store, id, next);
        return next;
      });
    },

    /** Removes the entry; with `when`, only if the current entry satisfies it. Resolves true if removed. */
    remove(id: string, when?: (entry: OutboxEntry) => boolean) {
      return run("readwrite", async (store) => {
        const current = await read(store, id);
        if (!current || (when && !when(current))) return false;
        await write(store, id);
        return true;
      });
    },
  };
}

/** Runs `work` while holding the outbox's lock, exclusively across everything sharing it. */
export type OutboxLock = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The Web Locks API (`navigator.locks`, in pages and workers) where there is one; elsewhere (Node,
 * browsers from before 2022) a promise chain that serialises the drains of this context only.
 */
export function defaultOutboxLock(): OutboxLock {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks) return (work) => locks.request(OUTBOX_NAME, work);
  return (work) => {
    const result = contextTail.then(work);
    contextTail = result.catch(() => {});
    return result;
  };
}

let contextTail: Promise<unknown> = Promise.resolve();

export interface DrainOptions {
  outbox: Outbox;
  deps: Pick<DeliverDeps, "save" | "notify">;
  /** Who drains: it goes into the announcements. */
  from: OutboxActor;
  lock?: OutboxLock;
  /** Told about every change. */
  announce?: (message: OutboxMessage) => void;
  /** Default: `navigator.onLine` (true where there is none). Offline, nothing is tried. */
  isOnline?: () => boolean;
  now?: () => number;
}

export interface DrainReport {
  /** Sent and removed, in the order they went out. */
  delivered: string[];
  /** Refused in this pass: now marked failed. */
  failed: string[];
  /** Still waiting to be sent: a retryable failure, a Retry-After not yet passed, or offline. */
  waiting: string[];
  /** The earliest Retry-After among the waiting entries, if any has one. */
  nextAttemptAt: number | null;
  /** The pass tried nothing because the device is offline. */
  offline: boolean;
}

/** Sends what the outbox holds, once, in order, under the lock. Rejects only if IndexedDB fails. */
export function drainOutbox(options: DrainOptions): Promise<DrainReport> {
  const lock = options.lock ?? defaultOutboxLock();
  return lock(() => drainLocked(options));
}

async function drainLocked({ outbox, deps, from, announce = () => {}, ...options }: DrainOptions) {
  const now = options.now ?? Date.now;
  const online = options.isOnline?.() ?? (typeof navigator === "undefined" || navigator.onLine !== false);
  const report: DrainReport = {
    delivered: [],
    failed: [],
    waiting: [],
    nextAttemptAt: null,
    offline: !online,
  };
  const wait = (entry: OutboxEntry) => {
    report.waiting.push(entry.id);
    if (entry.nextAttemptAt !== null) {
      report.nextAttemptAt = Math.min(report.nextAttemptAt ?? entry.nextAttemptAt, entry.nextAttemptAt);
    }
  };
  let halted = !online;
  // Read inside the lock: whatever a previous holder delivered is gone by now.
  for (const entry of await outbox.list()) {
    if (entry.status !== "pending") continue;
    halted ||= entry.nextAttemptAt !== null && entry.nextAttemptAt > now();
    if (halted) {
      wait(entry);
      continue;
    }
    const outcome = decide(
      await deliver(entry.message, {
        ...deps,
        saved: entry.saved,
        onSaved: async () => {
          await outbox.update(entry.id, (current) => ({ ...current, saved: true }));
        },
      }),
    );
    if (outcome.kind === "sent") {
      await outbox.remove(entry.id);
      report.delivered.push(entry.id);
      announce({ type: "OUTBOX_DELIVERED", id: entry.id, from });
      continue;
    }
    const updated = await outbox.update(entry.id, (current) => recordAttempt(current, outcome, now()));
    announce({ type: "OUTBOX_CHANGED", from });
    if (outcome.kind === "retry") {
      halted = true;
      wait(updated ?? entry);
    } else report.failed.push(entry.id);
  }
  return report;
}

/** The part of a Background Sync `SyncEvent` the handler uses (not in TypeScript's libs). */
export interface SyncEventLike {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The worker's `sync` listener. With messages still waiting it rejects, so the browser tries again
 * later. The drain trusts the event over the worker's `navigator.onLine`, which can lag behind it.
 */
export function createOutboxSyncListener(options: DrainOptions): (event: SyncEventLike) => void {
  return (event) => {
    if (event.tag !== OUTBOX_NAME) return;
    event.waitUntil(
      drainOutbox({ isOnline: () => true, ...options }).then((report) => {
        if (report.waiting.length > 0) {
          throw new Error(
            `${report.waiting.length} message(s) could not be sent yet: the browser will try again.`,
          );
        }
        return report;
      }),
    );
  };
}
