/**
 * The outbox: messages waiting to be sent, kept in IndexedDB (idb-keyval) so they survive a
 * closed tab, a restart or a service worker that is stopped. This module alone owns the storage:
 * the database and store names, the entry schema and its version. The page and the service
 * worker both use it (no DOM, no React, no `import.meta.env`).
 *
 * Storage: database "portfolio-outbox", object store "entries", key = the message id (its
 * UUID), value = an `OutboxEntry`. Every entry carries `schemaVersion`; an entry written by a
 * newer version of the app (or not an entry at all) is left untouched and not listed, so an old
 * tab never rewrites or sends what it cannot read.
 */
import { createStore, promisifyRequest, type UseStore, values } from "idb-keyval";
import type { ContactMessage } from "./message";

import { OUTBOX_DB_NAME, OUTBOX_STORE_NAME } from "./outbox-count";

export { OUTBOX_DB_NAME, OUTBOX_STORE_NAME };
/** Bump when the entry shape changes, and teach `readEntry` to upgrade the previous version. */
export const OUTBOX_SCHEMA_VERSION = 1;

export type OutboxEntryStatus =
  /** Will be sent by the next drain (sync event or page fallback). */
  | "pending"
  /** A final refusal: kept for the visitor to retry or discard; never sent automatically. */
  | "failed";

/** One queued message (schema version 1). Timestamps are ms since the epoch, client clock. */
export interface OutboxEntry {
  schemaVersion: typeof OUTBOX_SCHEMA_VERSION;
  /** The message id (UUID): the IndexedDB key, the document id and the Idempotency-Key. */
  id: string;
  /** The payload exactly as it will be sent. */
  message: ContactMessage;
  /** The save step succeeded: a retry skips it (no second stored copy). */
  saved: boolean;
  /** The notify step succeeded (an entry is removed once both flags would be true). */
  notified: boolean;
  status: OutboxEntryStatus;
  /** Delivery attempts so far (the submit's own attempt included when it reached the network). */
  attempts: number;
  queuedAt: number;
  updatedAt: number;
  lastAttemptAt: number | null;
  /** Not before this time (from a 429's Retry-After); null = whenever a drain runs. */
  nextAttemptAt: number | null;
  /** What went wrong last time: the server's `error` text, or the network failure. */
  lastError: string | null;
  /** HTTP status of the last refusal, when there was one. */
  lastStatus: number | null;
}

/** How a message enters the outbox. */
export interface QueueState {
  /** The save step already succeeded (notify failed at the network level afterwards). */
  saved?: boolean;
  /** Attempts already made (1 when the submit reached the network and failed). */
  attempts?: number;
  lastError?: string | null;
}

export interface Outbox {
  /** Queues a message. A message already queued (same id) is kept as it is and returned. */
  add(message: ContactMessage, state?: QueueState): Promise<OutboxEntry>;
  /** Every readable entry, in the order they were queued (oldest first). */
  list(): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
  /**
   * Read-modify-write in one transaction. `change` gets the current entry and returns the new
   * one (its id and schema version are kept). Resolves with the stored entry, or undefined when
   * there is no such entry (nothing is written: a removed entry is never brought back).
   */
  update(id: string, change: (entry: OutboxEntry) => OutboxEntry): Promise<OutboxEntry | undefined>;
  /** Removes the entry; with `when`, only if the current entry satisfies it. Resolves true if removed. */
  remove(id: string, when?: (entry: OutboxEntry) => boolean): Promise<boolean>;
}

export interface OutboxOptions {
  /** Default "portfolio-outbox" (tests use their own). */
  dbName?: string;
  /** Default "entries". */
  storeName?: string;
  /** Clock for the timestamps; default Date.now. */
  now?: () => number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isMessage(value: unknown): value is ContactMessage {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    typeof value.name === "string" &&
    typeof value.email === "string" &&
    typeof value.message === "string" &&
    typeof value.createdAt === "number"
  );
}

const numberOrNull = (value: unknown): value is number | null => value === null || typeof value === "number";

/** A stored value as an entry of the current schema, or undefined when it cannot be read. */
export function readEntry(value: unknown): OutboxEntry | undefined {
  if (!isRecord(value) || value.schemaVersion !== OUTBOX_SCHEMA_VERSION) return undefined;
  const ok =
    typeof value.id === "string" &&
    isMessage(value.message) &&
    value.message.id === value.id &&
    typeof value.saved === "boolean" &&
    typeof value.notified === "boolean" &&
    (value.status === "pending" || value.status === "failed") &&
    typeof value.attempts === "number" &&
    typeof value.queuedAt === "number" &&
    typeof value.updatedAt === "number" &&
    numberOrNull(value.lastAttemptAt) &&
    numberOrNull(value.nextAttemptAt) &&
    (value.lastError === null || typeof value.lastError === "string") &&
    numberOrNull(value.lastStatus);
  return ok ? (value as unknown as OutboxEntry) : undefined;
}

/** Queue order: oldest first; ties (same millisecond) by the message's own time, then id. */
export function compareEntries(a: OutboxEntry, b: OutboxEntry): number {
  return a.queuedAt - b.queuedAt || a.message.createdAt - b.message.createdAt || a.id.localeCompare(b.id);
}

export function openOutbox(options: OutboxOptions = {}): Outbox {
  const dbName = options.dbName ?? OUTBOX_DB_NAME;
  const storeName = options.storeName ?? OUTBOX_STORE_NAME;
  const now = options.now ?? Date.now;
  let opened: UseStore | undefined;

  /**
   * Opens the database on first use (not at import: the page loads this module lazily and a
   * failure must surface on the operation that needs it). A failed operation forgets the
   * connection, so the next one opens it again (the database may have been closed or deleted).
   */
  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
    opened ??= createStore(dbName, storeName);
    const store = opened;
    try {
      return await store(mode, work);
    } catch (error) {
      if (opened === store) opened = undefined;
      throw error;
    }
  }

  /** Resolves once the store's transaction has committed (so the write is durable). */
  const committed = (store: IDBObjectStore) => promisifyRequest(store.transaction);

  return {
    add(message, state = {}) {
      return run("readwrite", async (store) => {
        const existing = readEntry(await promisifyRequest(store.get(message.id)));
        if (existing) return existing;
        const time = now();
        const entry: OutboxEntry = {
          schemaVersion: OUTBOX_SCHEMA_VERSION,
          id: message.id,
          message: { ...message },
          saved: state.saved ?? false,
          notified: false,
          status: "pending",
          attempts: state.attempts ?? 0,
          queuedAt: time,
          updatedAt: time,
          lastAttemptAt: (state.attempts ?? 0) > 0 ? time : null,
          nextAttemptAt: null,
          lastError: state.lastError ?? null,
          lastStatus: null,
        };
        store.put(entry, entry.id);
        await committed(store);
        return entry;
      });
    },

    async list() {
      opened ??= createStore(dbName, storeName);
      let stored: unknown[];
      try {
        stored = await values(opened);
      } catch (error) {
        opened = undefined;
        throw error;
      }
      return stored
        .map(readEntry)
        .filter((entry): entry is OutboxEntry => entry !== undefined)
        .sort(compareEntries);
    },

    get(id) {
      return run("readonly", async (store) => readEntry(await promisifyRequest(store.get(id))));
    },

    update(id, change) {
      return run("readwrite", async (store) => {
        const current = readEntry(await promisifyRequest(store.get(id)));
        if (!current) return undefined;
        const next: OutboxEntry = {
          ...change(current),
          schemaVersion: OUTBOX_SCHEMA_VERSION,
          id: current.id,
          updatedAt: now(),
        };
        store.put(next, id);
        await committed(store);
        return next;
      });
    },

    remove(id, when) {
      return run("readwrite", async (store) => {
        const current = readEntry(await promisifyRequest(store.get(id)));
        if (!current || (when && !when(current))) return false;
        store.delete(id);
        await committed(store);
        return true;
      });
    },
  };
}
