import { lazyComponent } from "../../components/browser-only";
// In the contact page's chunk, so these styles are inlined in its prerendered HTML with the
// form's: the outbox's chunks bring no stylesheet of their own.
import "./outbox.css";

const OutboxStatus = lazyComponent(() => import("./outbox-view").then((module) => module.OutboxStatus));
// Declared here, not in ./outbox-view.tsx: a lazy component made in the after-load chunk split
// React out of the entry chunk (one more request on every page).
const OutboxRefused = lazyComponent(() => import("./outbox-refused").then((module) => module.OutboxRefused));

/**
 * The contact page: the waiting count and, once there is one, the refused messages, from chunks
 * loaded after hydration.
 */
export const OutboxStatusSlot = () => <OutboxStatus Refused={OutboxRefused} />;
