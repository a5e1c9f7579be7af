import { cachedLoad } from "../../shared/cached-load";

/**
 * The page's outbox client, loaded on demand (when the outbox holds entries, on a submit that has
 * to queue, or when another tab or the worker changes the outbox): idb-keyval and the drain code
 * stay out of the load. A failed load (offline before the chunk was cached) is retried on the
 * next call.
 */
export const loadOutboxClient = cachedLoad(() =>
  import("./outbox-client").then((module) => module.getOutboxClient()),
);
