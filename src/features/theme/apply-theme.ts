import { useEffect } from "react";
import { useAppStore } from "../../store/app-store";

/**
 * Mirrors the store's theme onto `<html data-theme>`, which every colour in the CSS reads. A leaf
 * that renders nothing: a theme change re-renders this and the switch, not the layout around the
 * page (the click's own work is part of its time to the next paint).
 */
export function ApplyTheme(): null {
  const theme = useAppStore((state) => state.theme);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }, [theme]);
  return null;
}
