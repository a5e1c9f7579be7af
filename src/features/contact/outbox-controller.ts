/**
 * The page's outbox controller, loaded only when it has work (./outbox-facade.ts decides): queues,
 * asks the worker for a Background Sync, drains (the triggers: docs/architecture.md), Retry,
 * Discard, and reports the entries on every change, wherever it was made.
 */
import { config } from "../../config/env";
import type { NotSent } from "../../shared/contact/deliver";
import { createDeliverDeps } from "../../shared/contact/deps";
import type { ContactMessage } from "../../shared/contact/message";
import { createOutboxChannel, OUTBOX_NAME, type OutboxMessage } from "../../shared/contact/outbox-channel";
import {
  type DrainOptions,
  defaultOutboxLock,
  drainOutbox,
  type OutboxEntry,
  openOutbox,
} from "../../shared/contact/outbox-store";

export interface ControllerOptions {
  /** The entries after every change; null when IndexedDB could not be read. */
  onEntries(entries: OutboxEntry[] | null): void;
  /** A queued message went out (from this page, another tab or the worker). */
  onDelivered(): void;
  drain?: Partial<Pick<DrainOptions, "outbox" | "deps" | "lock">>;
}

const hasBackgroundSync = () => "SyncManager" in window;

/** Asks the active service worker for a sync (Chromium); false where that is not possible. */
async function requestSync(): Promise<boolean> {
  if (!hasBackgroundSync()) return false;
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    if (!registration?.active || !sync) return false;
    await sync.register(OUTBOX_NAME);
    return true;
  } catch {
    return false;
  }
}

/** setTimeout's ceiling (about 24.8 days). */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * While a message waits with no Retry-After (the server down, the network failing) and the page
 * stays open, it is tried again after 2 s, then twice as long each time, up to a minute: a server
 * that comes back fires no event (and Firefox and Safari have no Background Sync).
 */
const RETRY_BACKOFF_MS = { first: 2000, max: 60_000 } as const;

export function createOutboxController({ onEntries, onDelivered, drain: given = {} }: ControllerOptions) {
  const outbox = given.outbox ?? openOutbox();
  const deps = given.deps ?? createDeliverDeps(config);
  const lock = given.lock ?? defaultOutboxLock();
  let channel: ReturnType<typeof createOutboxChannel> | undefined;
  let fallback = false;
  let starting: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reads = 0;
  /** Drains in a row that delivered nothing: the next backoff doubles with each. */
  let misses = 0;
  const backoff = () => Date.now() + Math.min(RETRY_BACKOFF_MS.first * 2 ** misses++, RETRY_BACKOFF_MS.max);

  const refresh = async () => {
    const ticket = ++reads;
    const entries = await outbox.list().catch(() => null);
    // A slower, older read must not overwrite a newer one.
    if (ticket === reads) onEntries(entries);
  };

  const hear = (message: OutboxMessage) => {
    if (message.type === "OUTBOX_DELIVERED") onDelivered();
    void refresh();
  };
  /** Tells the other contexts (a channel never hears itself) and this page. */
  const announce = (message: OutboxMessage) => {
    channel?.post(message);
    hear(message);
  };

  const drainNow = () => void drain();
  /** Sends what waits, now (unless offline). Never rejects. */
  const drain = async (): Promise<void> => {
    try {
      const report = await drainOutbox({ outbox, deps, lock, from: "page", announce });
      if (report.delivered.length > 0) misses = 0;
      if (report.waiting.length === 0) return;
      void handOver();
      drainAt(report.nextAttemptAt ?? backoff());
    } catch {
      // IndexedDB failed: the entries (if any) stay where they are, and the next trigger tries again.
      await refresh();
    }
  };
  const drainIfVisible = () => {
    if (document.visibilityState === "visible") drainNow();
  };
  /** Without Background Sync, the page itself drains when the connection may be back. */
  const enableFallback = () => {
    if (fallback) return;
    fallback = true;
    window.addEventListener("online", drainNow);
    document.addEventListener("visibilitychange", drainIfVisible);
  };
  const handOver = async () => {
    if (!(await requestSync())) enableFallback();
  };
  const listen = () => {
    if (channel) return;
    channel = createOutboxChannel(hear);
    if (!hasBackgroundSync()) enableFallback();
  };
  const drainAt = (time: number) => {
    clearTimeout(timer);
    timer = setTimeout(drainNow, Math.min(Math.max(0, time - Date.now()), MAX_DELAY_MS));
  };

  return {
    drain,

    /** Reads the outbox, listens for changes and drains once; `heard` is a message that woke it. */
    start(heard?: OutboxMessage): Promise<void> {
      if (heard) hear(heard);
      starting ??= (async () => {
        listen();
        await refresh();
        await drain();
      })();
      return starting;
    },

    /** Rejects if IndexedDB fails. */
    async queue(message: ContactMessage, failed?: NotSent): Promise<void> {
      listen();
      const entry = await outbox.add(message, failed);
      announce({ type: "OUTBOX_CHANGED", from: "page" });
      void handOver();
      drainAt(entry.nextAttemptAt ?? backoff());
    },

    async retry(id: string): Promise<void> {
      await outbox.update(id, (entry) =>
        entry.status === "failed" ? { ...entry, status: "pending", nextAttemptAt: null } : entry,
      );
      announce({ type: "OUTBOX_CHANGED", from: "page" });
      await drain();
    },

    /** Deletes a refused entry, under the drain's lock so it is never mid-send. */
    async discard(id: string): Promise<void> {
      const removed = await lock(() => outbox.remove(id, (entry) => entry.status === "failed"));
      if (removed) announce({ type: "OUTBOX_CHANGED", from: "page" });
      else await refresh();
    },

    /** Removes every listener (tests). */
    stop(): void {
      clearTimeout(timer);
      window.removeEventListener("online", drainNow);
      document.removeEventListener("visibilitychange", drainIfVisible);
      fallback = false;
      channel?.close();
      channel = undefined;
      starting = undefined;
    },
  };
}

export type OutboxController = ReturnType<typeof createOutboxController>;
