import { BrowserOnly, lazyComponent } from "../../components/browser-only";
// The notice's styles travel with the first load (they are small), so its chunk brings no
// stylesheet that would restyle the whole page after hydration.
import "./outbox-notice.css";

const OutboxNotice = lazyComponent(() => import("./outbox-notice").then((module) => module.OutboxNotice));

/**
 * Every page: the "sent" notice (a chunk loaded after hydration; the outbox check itself is
 * started by main.tsx). Adds next to nothing to the first load.
 */
export function OutboxNoticeSlot() {
  return <BrowserOnly component={OutboxNotice} />;
}
