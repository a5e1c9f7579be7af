import type { OutboxState } from "./outbox-store";
import { useOutboxStore } from "./outbox-store";
import { OUTBOX_TEXT } from "./outbox-text";
import { startOutbox } from "./start-outbox";

/** What the contact page shows of the outbox before anything was refused: the waiting count. */
export interface OutboxSummary {
  /** False until the outbox was read once: the count is not known before. */
  ready: boolean;
  /** Messages waiting to be sent. */
  waiting: number;
  /** The live region's text ("" when nothing waits). */
  count: string;
  /** The line under the count ("" when nothing waits). */
  hint: string;
  /** Messages refused for good (listed by ./outbox-refused.tsx). */
  refused: number;
}

function summarise(state: OutboxState): OutboxSummary {
  const waiting = state.entries.filter((entry) => entry.status === "pending").length;
  return {
    ready: state.ready,
    waiting,
    count: OUTBOX_TEXT.waiting(waiting),
    hint: waiting === 0 ? "" : waiting === 1 ? OUTBOX_TEXT.waitingHint : OUTBOX_TEXT.waitingHintMany,
    refused: state.entries.filter((entry) => entry.status === "failed").length,
  };
}

const same = (a: OutboxSummary, b: OutboxSummary) =>
  a.ready === b.ready && a.count === b.count && a.hint === b.hint && a.refused === b.refused;

/**
 * Starts the outbox for the contact page (a cheap count first, ./start-outbox.ts) and reports its
 * summary now and whenever it changes, until the returned function is called. It lives in the
 * after-load chunk (build/chunks.ts), which every page fetches anyway, so the contact page's first
 * load holds no store, and the list of refused messages is fetched only when there is one.
 */
export function watchOutbox(onChange: (summary: OutboxSummary) => void): () => void {
  // A failure is reported as read: the page says what it can rather than staying busy.
  startOutbox().catch(() => useOutboxStore.getState().markReady());
  let last = summarise(useOutboxStore.getState());
  onChange(last);
  return useOutboxStore.subscribe((state) => {
    const next = summarise(state);
    if (same(last, next)) return;
    last = next;
    onChange(next);
  });
}
