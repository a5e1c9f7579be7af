import { cachedLoad } from "../../shared/cached-load";

/**
 * The outbox's facade (./outbox.ts), loaded once the page has loaded (src/boot.ts), or by a submit
 * that has to queue. No React here: the boot module imports it before React runs.
 */
export const loadOutbox = cachedLoad(() =>
  // Named, so the chunk keeps no namespace object of the facade's other exports.
  import("./outbox").then(({ startOutbox, loadOutboxClient }) => ({ startOutbox, loadOutboxClient })),
);
