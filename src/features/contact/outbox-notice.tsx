import { useOutboxStore } from "./outbox-store";
import { OUTBOX_TEXT } from "./outbox-text";

/**
 * On every page (loaded after hydration, through ./outbox-notice-slot.tsx, which also brings its
 * styles): says when a queued message went out ("Your message to … was sent.", a polite status)
 * until dismissed. The outbox itself is started by main.tsx (./start-outbox.ts).
 */
export function OutboxNotice() {
  const deliveredCount = useOutboxStore((state) => state.deliveredCount);
  const dismiss = useOutboxStore((state) => state.dismissNotice);

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
