import { useEffect } from "react";
import { onIntent } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

/** Keys that scroll the page when nothing else handles them. */
const SCROLL_KEYS = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", " "]);

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
    const stopListening = onIntent(
      window,
      ["scroll", "wheel", "touchmove", "keydown"],
      () => {
        loadScrollbar()
          .then(({ attachScrollbar }) => {
            if (!cancelled) detach = attachScrollbar(document.body);
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
      detach?.();
    };
  }, []);
}
