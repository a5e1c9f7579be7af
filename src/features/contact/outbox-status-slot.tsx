import { lazyComponent } from "../../components/browser-only";
// In the contact page's chunk, so these styles are inlined in its prerendered HTML with the
// form's: the outbox's chunks bring no stylesheet of their own.
import "./outbox.css";

/** The contact page: the waiting count and the refused messages, from a chunk loaded after hydration. */
export const OutboxStatusSlot = lazyComponent(() =>
  import("./outbox-view").then((module) => module.OutboxStatus),
);
