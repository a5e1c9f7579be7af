import { useEffect } from "react";
import { whenIdle } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

/**
 * Attaches the custom scrollbar when idle after React started; scrolling itself stays native. It
 * moves none of the page's nodes (custom-scrollbar.ts), so it may attach during a press or with a
 * modal dialog open.
 */
export function useCustomScrollbar(): void {
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    const cancelIdle = whenIdle(() => {
      loadScrollbar()
        .then(({ attachScrollbar }) => {
          if (!cancelled) detach = attachScrollbar(document.body);
        })
        .catch(() => {
          // Offline before the chunk was cached: the native scrollbar keeps working.
        });
    }, 1000);
    return () => {
      cancelled = true;
      cancelIdle();
      detach?.();
    };
  }, []);
}
