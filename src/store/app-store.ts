import { create } from "zustand";

export type Theme = "light" | "dark";

export interface ContactFieldsState {
  name: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactFieldsState;

const emptyFields: ContactFieldsState = { name: "", email: "", message: "" };

interface ThemeSlice {
  /** Starts light on every load (spec §4: no persistence). */
  theme: Theme;
  setDark: (dark: boolean) => void;
}

interface ContactSlice {
  fields: ContactFieldsState;
  submitting: boolean;
  setField: (field: ContactField, value: string) => void;
  clearFields: () => void;
  setSubmitting: (submitting: boolean) => void;
}

export type AppState = ThemeSlice & ContactSlice;

/** The app's one store: the theme and the contact form state. */
export const useAppStore = create<AppState>()((set) => ({
  theme: "light",
  setDark: (dark) => set({ theme: dark ? "dark" : "light" }),

  fields: emptyFields,
  submitting: false,
  setField: (field, value) => set((state) => ({ fields: { ...state.fields, [field]: value } })),
  clearFields: () => set({ fields: emptyFields }),
  setSubmitting: (submitting) => set({ submitting }),
}));

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetAppStore(): void {
  useAppStore.setState({ theme: "light", fields: emptyFields, submitting: false });
}
