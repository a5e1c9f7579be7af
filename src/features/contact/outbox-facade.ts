/**
 * The page's outbox as the rest of the page sees it: its view's state, a bare IndexedDB count and
 * the start. Without React: src/boot.ts loads it before React runs.
 */
import { whenIdle } from "../../lib/schedule";
import { cachedLoad } from "../../shared/cached-load";
import { createOutboxChannel, OUTBOX_DB_NAME, OUTBOX_STORE_NAME } from "../../shared/contact/outbox-channel";
import type { OutboxEntry } from "../../shared/contact/outbox-store";

export interface OutboxView {
  /** False until the outbox was read once (or found unreadable). */
  ready: boolean;
  entries: OutboxEntry[];
  /** Queued messages delivered since the "sent" notice was last dismissed. */
  delivered: number;
}

let view: OutboxView = { ready: false, entries: [], delivered: 0 };
const listeners = new Set<() => void>();

export const currentOutboxView = () => view;
export const subscribeToOutboxView = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function updateOutboxView(change: Partial<OutboxView>): void {
  view = { ...view, ...change };
  for (const listener of listeners) listener();
}

const loadControllerModule = cachedLoad(() => import("./outbox-controller"));

export const loadOutboxController = cachedLoad(async () => {
  const { createOutboxController } = await loadControllerModule();
  return createOutboxController({
    onEntries: (entries) => {
      // The same entries again keep the old array: nothing re-renders for a read that changed nothing.
      const same = entries === null || JSON.stringify(entries) === JSON.stringify(view.entries);
      updateOutboxView(same ? { ready: true } : { ready: true, entries });
    },
    onDelivered: () => updateOutboxView({ delivered: view.delivered + 1 }),
  });
});

/** The number of entries. A database that does not exist yet is not created (its creation is aborted). */
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
 * Once per page; says whether messages wait. With entries waiting the controller starts and sends
 * them (the safety net for a sync the browser gave up on); with none, only a channel listens, and
 * the first word from the worker or another tab brings the controller in. `data-outbox="ready"` is for
 * tests and the bench.
 */
export const startOutbox = cachedLoad(async (): Promise<boolean> => {
  let waiting = false;
  if (typeof indexedDB !== "undefined") {
    // An outbox that cannot be counted is left to the controller, which says what it can.
    waiting = (await countOutbox().catch(() => 1)) > 0;
    // Not waiting for its drain: React starts on the count, so the notice shows while it sends.
    if (waiting) void (await loadOutboxController()).start();
    else if (!loadOutboxController.value()) {
      const channel = createOutboxChannel((heard) => {
        // A controller loaded since (by a submit that queued) hears it itself.
        if (loadOutboxController.value()) return channel.close();
        loadOutboxController().then(
          (controller) => {
            channel.close();
            return controller.start(heard);
          },
          () => {},
        );
      });
    }
  }
  // A visitor writing may need the queue once the network is gone, and on a first visit no worker
  // serves its chunk yet: it loads after their first keystroke, when the browser is idle. Fetched in
  // the key's own handler, it held that key's paint up (20-80 ms on a phone-speed CPU).
  let fetching = false;
  document.addEventListener(
    "input",
    () => {
      if (fetching || loadControllerModule.value()) return;
      fetching = true;
      whenIdle(() => {
        loadControllerModule()
          .catch(() => {})
          .finally(() => {
            fetching = false;
          });
      }, 1000);
    },
    { capture: true },
  );
  if (!loadOutboxController.value()) updateOutboxView({ ready: true });
  document.documentElement.dataset.outbox = "ready";
  return waiting;
});
