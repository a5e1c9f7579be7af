import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { ui } from "../../content/interface";
import {
  currentOutboxView,
  type OutboxView,
  startOutbox,
  subscribeToOutboxView,
  updateOutboxView,
} from "./outbox-facade";

const OUTBOX_TEXT = ui.outbox;

export function useOutboxView(): OutboxView {
  return useSyncExternalStore(subscribeToOutboxView, currentOutboxView, currentOutboxView);
}

/** On every page, after hydration: says when a queued message went out, until dismissed. */
export function OutboxNotice() {
  const { delivered } = useOutboxView();
  return (
    <div className="outbox-notice" data-visible={delivered > 0 ? "true" : undefined}>
      <p role="status" className="outbox-notice__text">
        {delivered > 0 ? OUTBOX_TEXT.delivered(delivered) : ""}
      </p>
      {delivered > 0 && (
        <button
          type="button"
          className="button button--secondary outbox-notice__dismiss"
          onClick={() => updateOutboxView({ delivered: 0 })}
        >
          {OUTBOX_TEXT.dismiss}
        </button>
      )}
    </div>
  );
}

/**
 * The contact page's view of the outbox (browser-only): how many messages wait, in a live region
 * there from the first read so every change is announced, and the refused list (`Refused`, its own
 * chunk), which stays mounted once shown so its dialog outlives the last entry it discards.
 */
export function OutboxStatus({ Refused }: { Refused: ComponentType }) {
  const { ready, entries } = useOutboxView();
  const [listRefused, setListRefused] = useState(false);
  // The contact page may be drawn before the page's own start after the load.
  useEffect(() => void startOutbox().catch(() => updateOutboxView({ ready: true })), []);

  if (!listRefused && entries.some((entry) => entry.status === "failed")) setListRefused(true);
  const waiting = entries.filter((entry) => entry.status === "pending").length;
  return (
    <>
      <div className={waiting > 0 ? "outbox-waiting" : "outbox-waiting visually-hidden"}>
        {/* Busy until the outbox was read: the count is not known before. */}
        <p role="status" className="outbox-waiting__count" aria-busy={!ready}>
          {OUTBOX_TEXT.waiting(waiting)}
        </p>
        {waiting > 0 && <p className="outbox-waiting__hint">{OUTBOX_TEXT.waitingHint(waiting)}</p>}
      </div>
      {listRefused && <Refused />}
    </>
  );
}
