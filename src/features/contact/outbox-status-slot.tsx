import { Suspense, useEffect, useState } from "react";
import { lazyComponent } from "../../components/browser-only";
import { cachedLoad } from "../../shared/cached-load";
import type { OutboxSummary } from "./watch-outbox";
// In the contact page's chunk, so these styles are inlined in its prerendered HTML with the
// form's: the refused list's chunk brings no stylesheet of its own.
import "./outbox.css";

// In the after-load chunk, which every page fetches: no request of its own.
const loadWatcher = cachedLoad(() => import("./watch-outbox"));
const OutboxRefused = lazyComponent(() => import("./outbox-refused").then((module) => module.OutboxRefused));

/**
 * The contact page's view of the outbox, which exists in this browser only (nothing of it is
 * prerendered): how many messages wait to be sent, in a polite live region that is there from
 * the first read, so every later change is announced; and, from a chunk fetched only once a
 * message was refused for good, the refused messages with Retry and Discard. Once shown, the
 * list stays mounted, so its confirmation dialog outlives the last entry it discards.
 */
export function OutboxStatusSlot() {
  const [summary, setSummary] = useState<OutboxSummary | null>(null);
  const [listRefused, setListRefused] = useState(false);

  useEffect(() => {
    let active = true;
    let stop = () => {};
    loadWatcher().then(
      ({ watchOutbox }) => {
        if (active) stop = watchOutbox(setSummary);
      },
      () => {
        // The chunk could not load (offline before anything was cached): nothing to show.
      },
    );
    return () => {
      active = false;
      stop();
    };
  }, []);

  if (summary && summary.refused > 0 && !listRefused) setListRefused(true);
  if (!summary) return null;
  return (
    <>
      <div className={summary.waiting > 0 ? "outbox-waiting" : "outbox-waiting outbox-waiting--empty"}>
        {/* Busy until the outbox was read: the count is not known before. */}
        <p role="status" className="outbox-waiting__count" aria-busy={!summary.ready}>
          {summary.count}
        </p>
        {summary.hint && <p className="outbox-waiting__hint">{summary.hint}</p>}
      </div>
      {listRefused && (
        <Suspense fallback={null}>
          <OutboxRefused />
        </Suspense>
      )}
    </>
  );
}
