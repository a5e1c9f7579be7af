import { useEffect } from "react";
import { useAppStore } from "../../store/app-store";

/**
 * Mirrors the store's theme onto `<html data-theme>`, which every colour in the CSS reads, and
 * `color-scheme` too (src/app/tokens.css): no inline style, which the custom scrollbar would
 * answer by restyling the page inside the click (docs/decisions.md). A leaf
 * that renders nothing: a theme change re-renders this and the switch, not the layout around the
 * page (the click's own work is part of its time to the next paint).
 */
export function ApplyTheme(): null {
  const theme = useAppStore((state) => state.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
