/**
 * The page's outbox as the rest of the page sees it. Small, and without React: src/boot.ts loads it
 * once the page has loaded, before React runs.
 * - `countOutbox()`: whether anything waits, with bare IndexedDB (no outbox code).
 * - `startOutbox()`: once per page. The outbox client (./outbox-client.ts: idb-keyval, the drain,
 *   the delivery code) is loaded only when messages wait, or when the worker or another tab says
 *   that something changed; until then the page only listens.
 * - `loadOutboxClient()`: for a submit that queues, Retry and Discard.
 * - The view (`currentOutboxView`, `subscribeToOutboxView`): the entries and the
 *   "sent" notice, drawn by ./outbox-view.tsx and ./outbox-refused.tsx.
 */
import { cachedLoad } from "../../shared/cached-load";
import { createOutboxChannel, OUTBOX_DB_NAME, OUTBOX_STORE_NAME } from "../../shared/contact/outbox-channel";
import type { OutboxEntry } from "../../shared/contact/outbox-store";

export interface OutboxView {
  /** False until the outbox was read once (or found unreadable): the count is not known before. */
  ready: boolean;
  /** Every entry, waiting and refused, oldest first. */
  entries: OutboxEntry[];
  /** Queued messages delivered since the "sent" notice was last dismissed. */
  delivered: number;
}

let view: OutboxView = { ready: false, entries: [], delivered: 0 };
const listeners = new Set<() => void>();

/** The view as it is now, and a way to hear of its changes (./outbox-view.tsx's `useOutboxView`). */
export const currentOutboxView = () => view;
export const subscribeToOutboxView = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function updateOutboxView(change: Partial<OutboxView>): void {
  view = { ...view, ...change };
  for (const listener of listeners) listener();
}

export const loadOutboxClient = cachedLoad(async () => {
  const { createOutboxClient } = await import("./outbox-client");
  return createOutboxClient({
    onEntries: (entries) => {
      // The same entries again keep the old array: nothing re-renders for a read that changed nothing.
      const same = entries === null || JSON.stringify(entries) === JSON.stringify(view.entries);
      updateOutboxView(same ? { ready: true } : { ready: true, entries });
    },
    onDelivered: () => updateOutboxView({ delivered: view.delivered + 1 }),
  });
});

/**
 * The number of entries in the outbox. A database that does not exist yet is not created by this
 * read (its creation is aborted), so the outbox still creates its own store later. Rejects when
 * IndexedDB fails.
 */
export function countOutbox(dbName = OUTBOX_DB_NAME): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(dbName);
    let created = false;
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      if (!created) return reject(request.error);
      event.preventDefault();
      resolve(0);
    };
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX_STORE_NAME)) {
        db.close();
        return resolve(0);
      }
      const count = db.transaction(OUTBOX_STORE_NAME, "readonly").objectStore(OUTBOX_STORE_NAME).count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => {
        db.close();
        reject(count.error);
      };
    };
  });
}

/**
 * Once per page (a failure is retried on the next call), and says whether messages wait (src/boot.ts
 * then starts React, to show them): with entries waiting, the client starts
 * and sends them (the safety net for a sync the browser gave up on); with none, only a channel
 * listens, and the first word from the worker or another tab brings the client in. Then the page
 * is marked `data-outbox="ready"` (tests and the bench wait for it).
 */
export const startOutbox = cachedLoad(async (): Promise<boolean> => {
  let waiting = false;
  if (typeof indexedDB !== "undefined") {
    // An outbox that cannot be counted is left to the client, which says what it can.
    waiting = (await countOutbox().catch(() => 1)) > 0;
    if (waiting) await (await loadOutboxClient()).start();
    else if (!loadOutboxClient.value()) {
      const channel = createOutboxChannel((heard) => {
        // A client loaded since (by a submit that queued) hears it itself.
        if (loadOutboxClient.value()) return channel.close();
        loadOutboxClient().then(
          (client) => {
            channel.close();
            return client.start(heard);
          },
          () => {},
        );
      });
    }
  }
  if (!loadOutboxClient.value()) updateOutboxView({ ready: true });
  document.documentElement.dataset.outbox = "ready";
  return waiting;
});
