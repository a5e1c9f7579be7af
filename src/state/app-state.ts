import { create } from "zustand";
import { combine } from "zustand/middleware";
import type { ContactFields } from "../shared/contact/message";

export type ContactField = keyof ContactFields;

const initial = {
  /** Starts light on every load (R-4.1 in docs/requirements.md: no persistence). */
  theme: "light" as "light" | "dark",
  fields: { name: "", email: "", message: "" } as ContactFields,
  submitting: false,
};

export const useAppState = create(
  combine(initial, (set) => ({
    setDark: (dark: boolean) => set({ theme: dark ? "dark" : "light" }),
    setField: (field: ContactField, value: string) =>
      set((state) => ({ fields: { ...state.fields, [field]: value } })),
    clearFields: () => set({ fields: initial.fields }),
    setSubmitting: (submitting: boolean) => set({ submitting }),
  })),
);

/**
 * Whether the visitor chose dark before React ran: the page's switch says so at once, `<html
 * data-theme>` a frame later (src/shared/boot-script.ts).
 */
export function pageChoseDark(): boolean {
  const pageSwitch = document.querySelector("[data-theme-switch]");
  return pageSwitch
    ? pageSwitch.getAttribute("aria-checked") === "true"
    : document.documentElement.dataset.theme === "dark";
}

/** Takes the theme a click before React chose on the page; once, before hydration. */
export function adoptPageTheme(): void {
  if (pageChoseDark()) useAppState.setState({ theme: "dark" });
}

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetAppState(): void {
  useAppState.setState(initial);
}
