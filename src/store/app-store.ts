import { create } from "zustand";
import type { ContactFields } from "../shared/contact/message";

export type Theme = "light" | "dark";

export type ContactField = keyof ContactFields;

const emptyFields: ContactFields = { name: "", email: "", message: "" };

interface ThemeSlice {
  /** Starts light on every load (R-4.1 in docs/requirements.md: no persistence). */
  theme: Theme;
  setDark: (dark: boolean) => void;
}

interface ContactSlice {
  fields: ContactFields;
  submitting: boolean;
  setField: (field: ContactField, value: string) => void;
  clearFields: () => void;
  setSubmitting: (submitting: boolean) => void;
}

export type AppState = ThemeSlice & ContactSlice;

export const useAppStore = create<AppState>()((set) => ({
  theme: "light",
  setDark: (dark) => set({ theme: dark ? "dark" : "light" }),

  fields: emptyFields,
  submitting: false,
  setField: (field, value) => set((state) => ({ fields: { ...state.fields, [field]: value } })),
  clearFields: () => set({ fields: emptyFields }),
  setSubmitting: (submitting) => set({ submitting }),
}));

/** Takes the theme a click before React set on the page (src/shared/boot-script.ts); once, before hydration. */
export function adoptPageTheme(): void {
  if (document.documentElement.dataset.theme === "dark") useAppStore.setState({ theme: "dark" });
}

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetAppStore(): void {
  useAppStore.setState({ theme: "light", fields: emptyFields, submitting: false });
}
