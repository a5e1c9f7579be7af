import { lazyComponent } from "../../components/browser-only";
// With the first load, so the notice's chunk brings no stylesheet that restyles the page later.
import "./outbox-notice.css";

/**
 * Every page: the "sent" notice, drawn after hydration. Lazy components are made in modules of the
 * app's first render, not in ./outbox-view.tsx: one made in a later chunk split React out of the
 * app's chunk (one more request).
 */
export const OutboxNoticeSlot = lazyComponent(() =>
  import("./outbox-view").then((module) => module.OutboxNotice),
);
