import { lazyComponent } from "../../components/browser-only";
// The notice's styles travel with the first load (they are small), so its chunk brings no
// stylesheet that would restyle the whole page after hydration.
import "./outbox-notice.css";

/** Every page: the "sent" notice, from a chunk loaded after hydration (nothing in the first load). */
export const OutboxNoticeSlot = lazyComponent(() =>
  import("./outbox-view").then((module) => module.OutboxNotice),
);
