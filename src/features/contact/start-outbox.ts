import { cachedLoad } from "../../shared/cached-load";
import { countOutboxEntries } from "../../shared/contact/outbox-count";
import { createOutboxChannel } from "../../shared/contact/outbox-messages";
import { loadOutboxClient } from "./load-outbox-client";
import { useOutboxStore } from "./outbox-store";

/** The page hears the worker and other tabs (end-to-end tests wait for this mark). */
function markListening(): void {
  document.documentElement.dataset.outbox = "ready";
}

/** Loads and starts the client (read, listen, drain once). */
async function startClient(): Promise<void> {
  await (await loadOutboxClient()).start();
}

/**
 * With an empty outbox, only a BroadcastChannel listens: the first message from the worker or
 * another tab (something was queued, sent or refused) brings the client in, which reads the
 * outbox again. A message the client already hears itself is left to it.
 */
function listenUntilNeeded(): void {
  const channel = createOutboxChannel((message) => {
    channel.close();
    if (loadOutboxClient.value()) return;
    if (message.type === "OUTBOX_DELIVERED") useOutboxStore.getState().delivered();
    startClient().catch(() => {});
  });
}

/**
 * The outbox on this page: a cheap IndexedDB count first; the outbox pipeline (idb-keyval, the
 * drain, the delivery code) is loaded only when entries wait (to send them, the safety net for a
 * sync the browser gave up on), or later on a submit that queues. Runs once per page load;
 * a failure is retried on the next call.
 */
export const startOutbox = cachedLoad(async () => {
  if (typeof indexedDB === "undefined") {
    // No IndexedDB (old browsers, some test environments): no outbox to read or drain.
    useOutboxStore.getState().markReady();
    return;
  }
  let count: number;
  try {
    count = await countOutboxEntries();
  } catch {
    // IndexedDB failed: let the client read it, and say what it can.
    count = 1;
  }
  if (count > 0) return startClient();
  if (!loadOutboxClient.value()) {
    useOutboxStore.getState().setEntries([]);
    listenUntilNeeded();
  }
  markListening();
});
