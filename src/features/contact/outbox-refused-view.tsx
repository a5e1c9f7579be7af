import { useId, useRef, useState } from "react";
import { Modal } from "../../components/modal";
import { ui } from "../../content/interface";
import { profile } from "../../content/profile";
import type { OutboxEntry } from "../../shared/contact/outbox-store";
import { oneLine } from "../../shared/one-line";
import { loadOutboxController } from "./outbox-facade";
import { useOutboxView } from "./outbox-status-view";

const OUTBOX_TEXT = ui.outbox;

/** The start of a message, on one line, in quotation marks. */
const excerpt = (text: string) => OUTBOX_TEXT.quoted(oneLine(text, 80));

let dateFormat: Intl.DateTimeFormat | undefined;

/**
 * A date in the page's language, as the words around it. The formatter is made on first use: a
 * page's first Intl.DateTimeFormat loads locale data, a long task.
 */
function formatDate(time: number): string {
  dateFormat ??= new Intl.DateTimeFormat(profile.lang, { dateStyle: "medium", timeStyle: "short" });
  return dateFormat.format(time);
}

/** The messages the server refused, with Retry and Discard, so nothing leaves the outbox unseen. */
export function OutboxRefused() {
  const { entries } = useOutboxView();
  const [confirming, setConfirming] = useState<OutboxEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const failedRef = useRef<HTMLElement>(null);
  const titleId = useId();

  const failed = entries.filter((entry) => entry.status === "failed");

  async function retry(id: string) {
    if (busy) return;
    setBusy(id);
    try {
      await (await loadOutboxController()).retry(id);
    } catch {
      // The entry is still listed; the visitor can try again.
    } finally {
      setBusy(null);
    }
  }

  async function discard(entry: OutboxEntry) {
    try {
      await (await loadOutboxController()).discard(entry.id);
    } finally {
      setConfirming(null);
    }
  }

  return (
    <>
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
                    <span className="outbox-failed__excerpt">{excerpt(entry.message.message)}</span>
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
          {excerpt(confirming?.message.message ?? "")} {OUTBOX_TEXT.confirmText}
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
