import { useEffect } from "react";
import { whenIdle } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

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
 * Attaches the custom page scrollbar when the browser is idle after React started (React itself
 * starts on need, src/boot.ts): until then the native scrollbar shows, and scrolling is native
 * throughout.
 */
export function useCustomScrollbar(): void {
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    let stopWaiting = () => {};
    const cancelIdle = whenIdle(() => {
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
    }, 1000);
    return () => {
      cancelled = true;
      cancelIdle();
      stopWaiting();
      detach?.();
    };
  }, []);
}
