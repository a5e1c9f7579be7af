import { useEffect } from "react";
import { afterNextPaint } from "../../lib/schedule";
import { useAppState } from "../../state/app-state";

/**
 * Mirrors the store's theme onto `<html data-theme>`, which the CSS reads (`color-scheme` too: no
 * inline style, docs/decisions.md). A leaf, so a theme change re-renders this, not the layout. It
 * writes a frame after the switch turned: restyling every element takes a slow phone longer than
 * the switch's own answer should (190 ms on `/project` at 4× CPU), so the switch is painted first.
 */
export function ApplyTheme(): null {
  const theme = useAppState((state) => state.theme);
  useEffect(() => {
    // The store's theme when it runs: after two quick clicks, the last.
    if (document.documentElement.dataset.theme !== theme)
      afterNextPaint(() => {
        document.documentElement.dataset.theme = useAppState.getState().theme;
      });
  }, [theme]);
  return null;
}
