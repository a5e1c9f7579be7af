import { useEffect } from "react";
import { loadOutboxClient } from "./load-outbox-client";
import { useOutboxStore } from "./outbox-store";
import { OUTBOX_TEXT } from "./outbox-text";
import "./outbox-notice.css";

/** Starts the outbox client once the page has loaded and the browser is idle (after first paint). */
function startWhenIdle(): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    if (cancelled) return;
    loadOutboxClient()
      .then((client) => client.start())
      .catch(() => {
        // Offline before the chunk was cached: the contact page and the next load try again.
      });
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") {
      idleHandle = window.requestIdleCallback(start, { timeout: 2000 });
    } else {
      timer = setTimeout(start, 200);
    }
  };
  // No IndexedDB (old browsers, some test environments): no outbox to read or drain.
  if (typeof indexedDB === "undefined") return () => {};
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    clearTimeout(timer);
  };
}

/**
 * On every page (a chunk of its own, through ./outbox-slots.tsx): loads the outbox client
 * after first paint (so a queued message is drained on load, and the page hears the service
 * worker), and says when a queued message went out ("Your message to … was sent.", a polite
 * status) until dismissed.
 */
export function OutboxNotice() {
  const deliveredCount = useOutboxStore((state) => state.deliveredCount);
  const dismiss = useOutboxStore((state) => state.dismissNotice);

  useEffect(() => startWhenIdle(), []);

  return (
    <div className="outbox-notice" data-visible={deliveredCount > 0 ? "true" : undefined}>
      <p role="status" className="outbox-notice__text">
        {deliveredCount > 0 ? OUTBOX_TEXT.delivered(deliveredCount) : ""}
      </p>
      {deliveredCount > 0 && (
        <button type="button" className="button button--secondary outbox-notice__dismiss" onClick={dismiss}>
          {OUTBOX_TEXT.dismiss}
        </button>
      )}
    </div>
  );
}
