import { lazyComponent } from "../../components/browser-only";
import { cachedLoad } from "../../shared/cached-load";
// The notice's styles travel with the first load (they are small), so its chunk brings no
// stylesheet that would restyle the whole page after hydration. The contact page's outbox styles
// come with its form (./contact-form.tsx).
import "./outbox-notice.css";

/**
 * What of the page's outbox is in every page's first load: the facade's one loader, and the
 * "sent" notice's slot. Everything else (./outbox.ts, the view, the refused list, the client) is
 * in chunks loaded later. The lazy components are made in first-load modules (here and
 * ./contact-form.tsx), not in ./outbox-view.tsx: one made in the after-load chunk split React out
 * of the entry chunk (one more request on every page).
 */
export const loadOutbox = cachedLoad(() =>
  // Named, so the chunk keeps no namespace object of the facade's other exports.
  import("./outbox").then(({ startOutbox, loadOutboxClient }) => ({ startOutbox, loadOutboxClient })),
);

/** Every page: the "sent" notice, drawn after hydration (nothing in the prerendered HTML). */
export const OutboxNoticeSlot = lazyComponent(() =>
  import("./outbox-view").then((module) => module.OutboxNotice),
);
