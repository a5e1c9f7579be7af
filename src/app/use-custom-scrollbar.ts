import { useEffect } from "react";
import { onIntent } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

/** Keys that scroll the page when nothing else handles them. */
const SCROLL_KEYS = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", " "]);

/**
 * Runs `attach` now, or once no modal dialog is open: OverlayScrollbars wraps the body's children
 * in elements of its own, and an open modal `<dialog>` moved that way leaves the top layer (the
 * page around it becomes clickable again, and its backdrop goes).
 */
function whenNoModalDialog(attach: () => void): () => void {
  const modalOpen = () => document.querySelector("dialog:modal") !== null;
  if (!modalOpen()) {
    attach();
    return () => {};
  }
  // "close" does not bubble: listened to in the capture phase, for any dialog.
  const onClose = () => {
    if (modalOpen()) return;
    document.removeEventListener("close", onClose, true);
    attach();
  };
  document.addEventListener("close", onClose, true);
  return () => document.removeEventListener("close", onClose, true);
}

/**
 * Attaches the custom page scrollbar on the visitor's first scroll (wheel, touch, a scrolling
 * key, or any scroll of the page). The library is loaded then: until it arrives the native
 * scrollbar is shown, and scrolling is native throughout. A page that is never scrolled never
 * loads it.
 */
export function useCustomScrollbar(): void {
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    let stopWaiting = () => {};
    const stopListening = onIntent(
      window,
      ["scroll", "wheel", "touchmove", "keydown"],
      () => {
        loadScrollbar()
          .then(({ attachScrollbar }) => {
            if (cancelled) return;
            stopWaiting = whenNoModalDialog(() => {
              detach = attachScrollbar(document.body);
            });
          })
          .catch(() => {
            // Offline before the chunk was cached: the native scrollbar keeps working.
          });
      },
      (event) => !(event instanceof KeyboardEvent) || SCROLL_KEYS.has(event.key),
    );
    return () => {
      cancelled = true;
      stopListening();
      stopWaiting();
      detach?.();
    };
  }, []);
}
