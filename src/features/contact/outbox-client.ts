/**
 * The page's side of the outbox (loaded lazily: never part of the first-load chunk).
 *
 * - Queues a message the form could not send (no network), and asks for a Background Sync
 *   (`registration.sync.register("contact-outbox")`) where `SyncManager` exists.
 * - Drains with the shared drain (src/shared/contact/drain.ts, the same code the worker runs):
 *   on load in every browser (the safety net: Chromium gives up on a sync after 3 attempts), and
 *   where Background Sync is missing (Firefox, Safari, or no active service worker) also on
 *   `online`, on `visibilitychange` to visible and when a Retry-After delay has passed.
 * - Keeps the outbox store (waiting count, failed entries, "sent" notice) in step with IndexedDB,
 *   live: every change made here, in another tab or in the worker is announced on the outbox
 *   BroadcastChannel.
 */
import { config } from "../../config/env";
import type { DeliverDeps } from "../../shared/contact/deliver";
import { createDeliverDeps } from "../../shared/contact/deps";
import {
  type DrainReport,
  defaultOutboxLock,
  drainOutbox,
  OUTBOX_LOCK_NAME,
  OUTBOX_SYNC_TAG,
  type OutboxLock,
} from "../../shared/contact/drain";
import type { ContactMessage } from "../../shared/contact/message";
import { type Outbox, openOutbox, type QueueState } from "../../shared/contact/outbox";
import {
  createOutboxChannel,
  type OutboxChannel,
  type OutboxMessage,
} from "../../shared/contact/outbox-messages";
import { useOutboxStore } from "./outbox-store";

export interface OutboxClient {
  /** Reads the outbox, listens for changes, and drains once (on load). Idempotent: the same promise. */
  start(): Promise<void>;
  /** Removes every listener and closes the channel (tests, hot reload). */
  stop(): void;
  /** Stores the message in the outbox (rejects if IndexedDB fails) and asks for a sync. */
  queue(message: ContactMessage, state: QueueState): Promise<void>;
  /** Sends what is waiting, now (unless offline). Never rejects. */
  drain(): Promise<DrainReport | undefined>;
  /** Clears an entry's failed mark and drains. */
  retry(id: string): Promise<void>;
  /** Deletes a failed entry (under the drain lock, so it is never mid-send). */
  discard(id: string): Promise<void>;
  /** Re-reads the outbox into the store. */
  refresh(): Promise<void>;
}

export interface OutboxClientOptions {
  outbox?: Outbox;
  deps?: Pick<DeliverDeps, "save" | "notify">;
  lock?: OutboxLock;
}

type SyncCapableRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
};

/** True where the browser has Background Sync (Chromium); Firefox and Safari have not. */
export function hasBackgroundSync(): boolean {
  return typeof window !== "undefined" && "SyncManager" in window;
}

/** Asks the active service worker for a "contact-outbox" sync. False when that is not possible. */
async function requestSync(): Promise<boolean> {
  if (!hasBackgroundSync() || !("serviceWorker" in navigator)) return false;
  try {
    const registration = (await navigator.serviceWorker.getRegistration()) as
      | SyncCapableRegistration
      | undefined;
    if (!registration?.active || !registration.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

const MAX_TIMER_MS = 2_147_483_647;

export function createOutboxClient(options: OutboxClientOptions = {}): OutboxClient {
  const outbox = options.outbox ?? openOutbox();
  const lock = options.lock ?? defaultOutboxLock();
  let deps = options.deps;
  let started = false;
  let starting: Promise<void> | undefined;
  let available = true;
  let channel: OutboxChannel | undefined;
  let fallback = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshes = 0;

  const refresh = async (): Promise<void> => {
    if (!available) return;
    const ticket = ++refreshes;
    try {
      const entries = await outbox.list();
      // A slower, older read must not overwrite a newer one.
      if (ticket === refreshes) useOutboxStore.getState().setEntries(entries);
    } catch {
      useOutboxStore.getState().markReady();
    }
  };

  /** What this page hears, from itself, other tabs or the worker. */
  const handle = (message: OutboxMessage) => {
    if (message.type === "OUTBOX_DELIVERED") useOutboxStore.getState().delivered();
    void refresh();
  };

  /** Tells the other contexts (the channel never echoes to its sender) and this page. */
  const announce = (message: OutboxMessage) => {
    channel?.post(message);
    handle(message);
  };

  const onOnline = () => void client.drain();
  const onVisibility = () => {
    if (document.visibilityState === "visible") void client.drain();
  };

  /** The no-Background-Sync path: the page itself drains when the connection may be back. */
  const enableFallback = () => {
    if (fallback || !available) return;
    fallback = true;
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisibility);
  };

  const scheduleRetry = (at: number | null) => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (at === null || !fallback) return;
    const delay = Math.min(Math.max(0, at - Date.now()) + 50, MAX_TIMER_MS);
    retryTimer = setTimeout(() => void client.drain(), delay);
  };

  /** Entries still wait: let the worker's sync take them, or fall back to this page's triggers. */
  const handOver = async () => {
    if (!(await requestSync())) enableFallback();
  };

  /** Opens the channel and, without Background Sync, the fallback triggers. Idempotent. */
  const listen = () => {
    if (started) return;
    started = true;
    if (typeof indexedDB === "undefined") {
      available = false;
      useOutboxStore.getState().markReady();
      return;
    }
    channel = createOutboxChannel(handle);
    if (!hasBackgroundSync()) enableFallback();
  };

  const client: OutboxClient = {
    start() {
      starting ??= (async () => {
        listen();
        await refresh();
        // On load, in every browser: the safety net for syncs the browser gave up on.
        await client.drain();
      })();
      return starting;
    },

    stop() {
      started = false;
      starting = undefined;
      available = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      if (fallback) {
        window.removeEventListener("online", onOnline);
        document.removeEventListener("visibilitychange", onVisibility);
        fallback = false;
      }
      channel?.close();
      channel = undefined;
    },

    async queue(message, state) {
      listen();
      await outbox.add(message, state);
      announce({ type: "OUTBOX_CHANGED", from: "page" });
      void handOver();
    },

    async drain() {
      listen();
      if (!available) return undefined;
      try {
        deps ??= createDeliverDeps(config);
        const report = await drainOutbox({ outbox, deps, from: "page", lock, announce });
        if (report.pending > 0) {
          await handOver();
          scheduleRetry(report.nextAttemptAt);
        }
        return report;
      } catch {
        // IndexedDB failed: the entries (if any) stay where they are; the next trigger retries.
        await refresh();
        return undefined;
      }
    },

    async retry(id) {
      await outbox.update(id, (entry) =>
        entry.status === "failed" ? { ...entry, status: "pending", nextAttemptAt: null } : entry,
      );
      announce({ type: "OUTBOX_CHANGED", from: "page" });
      await client.drain();
    },

    async discard(id) {
      const removed = await lock.run(OUTBOX_LOCK_NAME, () =>
        outbox.remove(id, (entry) => entry.status === "failed"),
      );
      if (removed) announce({ type: "OUTBOX_CHANGED", from: "page" });
      else await refresh();
    },

    refresh,
  };
  return client;
}

let shared: OutboxClient | undefined;

/** The page's one outbox client. */
export function getOutboxClient(): OutboxClient {
  shared ??= createOutboxClient();
  return shared;
}
