import { useEffect } from "react";
import { whenIdle } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

/**
 * Runs `attach` now, or once nothing would break when OverlayScrollbars moves the body's children
 * into elements of its own: no modal `<dialog>` open (moved, it leaves the top layer: the page around
 * it becomes clickable again, and its backdrop goes), and no press under way (an element moved
 * between a press and its release gets no click).
 */
function whenSafeToMove(attach: () => void): () => void {
  const busy = () => document.querySelector("dialog:modal, :active") !== null;
  if (!busy()) {
    attach();
    return () => {};
  }
  // "close" does not bubble: listened to in the capture phase. A release's click comes in the same
  // task as its pointerup or keyup, so the check waits for the next one.
  const events = ["close", "pointerup", "pointercancel", "keyup"];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    for (const type of events) document.removeEventListener(type, check, true);
  };
  function check() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (busy()) return;
      stop();
      attach();
    });
  }
  for (const type of events) document.addEventListener(type, check, true);
  return stop;
}

/** Attaches the custom scrollbar when idle after React started; scrolling itself stays native. */
export function useCustomScrollbar(): void {
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    let stopWaiting = () => {};
    const cancelIdle = whenIdle(() => {
      loadScrollbar()
        .then(({ attachScrollbar }) => {
          if (cancelled) return;
          stopWaiting = whenSafeToMove(() => {
            detach = attachScrollbar(document.body);
          });
        })
        .catch(() => {
          // Offline before the chunk was cached: the native scrollbar keeps working.
        });
    }, 1000);
    return () => {
      cancelled = true;
      cancelIdle();
      stopWaiting();
      detach?.();
    };
  }, []);
}
