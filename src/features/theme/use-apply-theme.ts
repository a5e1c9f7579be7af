import { useEffect } from "react";
import { useAppStore } from "../../store/app-store";

/** Mirrors the store's theme onto `<html data-theme>`, which every colour in the CSS reads. */
export function useApplyTheme(): void {
  const theme = useAppStore((state) => state.theme);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  }, [theme]);
}
