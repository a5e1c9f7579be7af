import { useEffect } from "react";

/**
 * Attaches the custom page scrollbar once the page has painted. The library is loaded lazily:
 * until it arrives the native scrollbar is shown, and scrolling is native throughout.
 */
export function useCustomScrollbar(): void {
  useEffect(() => {
    let cancelled = false;
    let detach: (() => void) | undefined;
    const start = () => {
      import("./custom-scrollbar")
        .then(({ attachScrollbar }) => {
          if (!cancelled) detach = attachScrollbar(document.body);
        })
        .catch(() => {
          // Offline before the chunk was cached: the native scrollbar keeps working.
        });
    };
    const idle = window.requestIdleCallback?.(start, { timeout: 2000 });
    const timer = idle === undefined ? window.setTimeout(start, 200) : undefined;
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
      detach?.();
    };
  }, []);
}
