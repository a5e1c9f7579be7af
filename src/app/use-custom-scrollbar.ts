import { useEffect } from "react";
import { cachedLoad } from "../shared/cached-load";

const loadScrollbar = cachedLoad(() => import("./custom-scrollbar"));

/** Keys that scroll the page when pressed outside a field. */
const SCROLL_KEYS = new Set(["ArrowDown", "ArrowUp", "PageDown", "PageUp", "Home", "End", " "]);
/** A pointer this close to the page's end edge may be reaching for the scrollbar. */
const EDGE_PX = 48;
/** Scrolling has stopped when no scroll event came for this long (a smooth scroll fires one a frame). */
const QUIET_MS = 250;

/**
 * Attaches the custom scrollbar once the visitor shows they want to scroll (a scroll, the wheel, a
 * scroll key, the pointer at the edge), after the scrolling stops: its attach is the longest task
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
    window.addEventListener("wheel", whenStill, options);
    window.addEventListener(
      "keydown",
      (event) => {
        const target = event.target as Element | null;
        if (SCROLL_KEYS.has(event.key) && !target?.closest?.("input, textarea, select, [contenteditable]"))
          whenStill();
      },
      options,
    );
    window.addEventListener(
      "pointermove",
      (event) => {
        // Either edge: a right-to-left page may have its scrollbar on the left.
        const gap = window.innerWidth - document.documentElement.clientWidth;
        if (event.clientX <= gap + EDGE_PX || event.clientX >= window.innerWidth - gap - EDGE_PX) whenStill();
      },
      options,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      listening.abort();
      detach?.();
    };
  }, []);
}
