import type { OutboxClient } from "./outbox-client";

let loading: Promise<OutboxClient> | undefined;

/**
 * The page's outbox client, loaded on demand (after first paint, on the contact page, or on a
 * submit that has to queue): idb-keyval and the drain code stay out of the first-load chunk.
 * A failed load (offline before the chunk was cached) is retried on the next call.
 */
export function loadOutboxClient(): Promise<OutboxClient> {
  if (!loading) {
    const pending = import("./outbox-client").then((module) => module.getOutboxClient());
    loading = pending;
    pending.catch(() => {
      if (loading === pending) loading = undefined;
    });
  }
  return loading;
}
