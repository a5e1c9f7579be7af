import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/modal";
import type { OutboxEntry } from "../../shared/contact/outbox";
import { loadOutboxClient } from "./load-outbox-client";
import { useOutboxStore } from "./outbox-store";
import { OUTBOX_TEXT } from "./outbox-text";
import { startOutbox } from "./start-outbox";

const EXCERPT_LENGTH = 80;

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

let dateFormat: Intl.DateTimeFormat | undefined;

/**
 * The date of a refused message. The formatter is made on first use: a page's first
 * Intl.DateTimeFormat loads the locale's data (30-120 ms of main thread here, unthrottled), and
 * most visits to the contact page list no refused message.
 */
function formatDate(time: number): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
  return dateFormat.format(time);
}

/**
 * The contact page's view of the outbox (a chunk of its own, through ./outbox-status-slot.tsx, which
 * also brings its styles): how many messages wait to be sent (a polite live region, updated live),
 * and every message refused for good, with Retry and Discard, so nothing leaves the outbox unseen.
 */
export function OutboxStatus() {
  const entries = useOutboxStore((state) => state.entries);
  const ready = useOutboxStore((state) => state.ready);
  const [confirming, setConfirming] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const failedRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    // Reads the outbox (and drains it once) as soon as the contact page is open.
    startOutbox().catch(() => useOutboxStore.getState().markReady());
  }, []);

  const waiting = entries.filter((entry) => entry.status === "pending");
  const failed = entries.filter((entry) => entry.status === "failed");

  async function retry(id: string) {
    if (busy) return;
    setBusy(id);
    try {
      await (await loadOutboxClient()).retry(id);
    } catch {
      // The entry is still listed; the visitor can try again.
    } finally {
      setBusy(null);
    }
  }

  async function discard(entry: OutboxEntry) {
    try {
      await (await loadOutboxClient()).discard(entry.id);
    } finally {
      setConfirming(null);
    }
  }

  return (
    <>
      <div className={waiting.length > 0 ? "outbox-waiting" : "outbox-waiting outbox-waiting--empty"}>
        {/* Busy until the outbox was read: the count is not known before. */}
        <p role="status" className="outbox-waiting__count" aria-busy={!ready}>
          {OUTBOX_TEXT.waiting(waiting.length)}
        </p>
        {waiting.length > 0 && (
          <p className="outbox-waiting__hint">
            {waiting.length === 1 ? OUTBOX_TEXT.waitingHint : OUTBOX_TEXT.waitingHintMany}
          </p>
        )}
      </div>
      {failed.length > 0 && (
        <section ref={failedRef} className="card outbox-failed" aria-labelledby={titleId} tabIndex={-1}>
          <h2 id={titleId} className="outbox-failed__title">
            {OUTBOX_TEXT.failedTitle(failed.length)}
          </h2>
          <ul className="outbox-failed__list">
            {failed.map((entry) => {
              const summaryId = `outbox-entry-${entry.id}`;
              return (
                <li key={entry.id} className="outbox-failed__entry">
                  <p id={summaryId} className="outbox-failed__summary">
                    <span className="outbox-failed__from">
                      {entry.message.name} ({entry.message.email}),{" "}
                      <time dateTime={new Date(entry.message.createdAt).toISOString()}>
                        {formatDate(entry.message.createdAt)}
                      </time>
                    </span>
                    <span className="outbox-failed__excerpt">“{excerpt(entry.message.message)}”</span>
                  </p>
                  <p className="outbox-failed__error">{OUTBOX_TEXT.failedReason(entry.lastError)}</p>
                  <div className="outbox-failed__actions">
                    <button
                      type="button"
                      className="button button--primary"
                      aria-describedby={summaryId}
                      aria-disabled={busy === entry.id}
                      onClick={() => void retry(entry.id)}
                    >
                      {OUTBOX_TEXT.retry}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-describedby={summaryId}
                      onClick={() => setConfirming(entry)}
                    >
                      {OUTBOX_TEXT.discard}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <Modal
        open={confirming !== null}
        title={OUTBOX_TEXT.confirmTitle}
        onClose={() => setConfirming(null)}
        // The list when entries remain, else the page's main region (the button is gone).
        returnFocusTo={() => failedRef.current ?? document.getElementById("main")}
      >
        <p>
          “{excerpt(confirming?.message.message ?? "")}” {OUTBOX_TEXT.confirmText}
        </p>
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => confirming && void discard(confirming)}
          >
            {OUTBOX_TEXT.confirmDiscard}
          </button>
        </p>
      </Modal>
    </>
  );
}
