import { useEffect } from "react";
import { useAppState } from "../../state/app-state";

/**
 * Mirrors the store's theme onto `<html data-theme>`, which the CSS reads (`color-scheme` too: no
 * inline style, docs/decisions.md). A leaf, so a theme change re-renders this, not the layout.
 */
export function ApplyTheme(): null {
  const theme = useAppState((state) => state.theme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return null;
}
