import { BrowserOnly, lazyComponent } from "../../components/browser-only";
// In the contact page's chunk, so these styles are inlined in its prerendered HTML with the
// form's: the status's chunk brings no stylesheet of its own.
import "./outbox.css";

const OutboxStatus = lazyComponent(() => import("./outbox-status").then((module) => module.OutboxStatus));

/** The contact page: waiting count and refused messages (the outbox exists in this browser only). */
export function OutboxStatusSlot() {
  return <BrowserOnly component={OutboxStatus} />;
}
