import { lazyComponent } from "../../components/browser-only";
// The notice's styles travel with the first load (they are small), so its chunk brings no
// stylesheet that would restyle the whole page after hydration. The contact page's outbox styles
// come with its form (./contact-form.tsx).
import "./outbox-notice.css";

/**
 * Every page: the "sent" notice, drawn after hydration (nothing in the prerendered HTML). It is
 * the part of the page's outbox in the React app's first render; the rest (./outbox.ts, the view,
 * the refused list, the client) is in chunks loaded later. The lazy components are made in
 * modules of the app's first render (here and ./contact-form.tsx), not in ./outbox-view.tsx: one
 * made in a chunk loaded later split React out of the app's chunk (one more request).
 */
export const OutboxNoticeSlot = lazyComponent(() =>
  import("./outbox-view").then((module) => module.OutboxNotice),
);
