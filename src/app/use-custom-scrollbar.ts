import { useEffect } from "react";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

/** Scrolling has stopped when no scroll event came for this long (a smooth scroll fires one a frame). */
const QUIET_MS = 250;

/**
 * Attaches the custom scrollbar once the visitor shows they want to scroll (a scroll, the wheel),
 * after the scrolling stops: its attach is the longest task
 * React's start brings, and a reader who has not scrolled sees no scrollbar (it shows while
 * scrolling, R-9.3). Scrolling itself stays native. It moves none of the page's nodes
 * (custom-scrollbar.ts), so it may attach during a press or with a modal dialog open.
 */
export function useCustomScrollbar(): void {
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listening = new AbortController();
    const attach = () => {
      listening.abort();
      loadScrollbar()
        .then(({ attachScrollbar }) => {
          if (!cancelled) detach = attachScrollbar(document.body);
        })
        .catch(() => {
          // Offline before the chunk was cached: the native scrollbar keeps working.
        });
    };
    const whenStill = () => {
      clearTimeout(timer);
      timer = setTimeout(attach, QUIET_MS);
    };
    const options = { capture: true, passive: true, signal: listening.signal };
    window.addEventListener("scroll", whenStill, options);
    // A wheel turned where the page cannot scroll further counts too. Keys, touch and a drag of the
    // native scrollbar all scroll the page.
    window.addEventListener("wheel", whenStill, options);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      listening.abort();
      detach?.();
    };
  }, []);
}
