import { cachedLoad } from "../../shared/cached-load";

/** The outbox's facade (./outbox-facade.ts), loaded after the page's load (src/boot.ts) or by a submit that queues. */
export const loadOutbox = cachedLoad(() =>
  // Named, so the chunk keeps no namespace object of the facade's other exports.
  import("./outbox-facade").then(({ startOutbox, loadOutboxController }) => ({
    startOutbox,
    loadOutboxController,
  })),
);
