import { createStore } from "zustand/vanilla";

/**
 * What the service worker lifecycle asks the page to show. Written by ./service-worker.ts, which
 * runs before React does (src/boot.ts), so the store is zustand's vanilla one; the notices read it
 * with `useStore`.
 */
export interface PwaState {
  /** "Ready to work offline" is on screen (once, after the first install). */
  offlineReady: boolean;
  /**
   * Set while a new version waits: calling it activates that version and reloads the page. Only the
   * visitor's click on "Reload" calls it; nothing reloads by itself.
   */
  applyUpdate: (() => void) | null;
  /** The visitor clicked "Reload" and the new version is taking over. */
  updating: boolean;

  showOfflineReady: () => void;
  dismissOfflineReady: () => void;
  offerUpdate: (apply: () => void) => void;
  startUpdate: () => void;
  dismissUpdate: () => void;
}

const initial = { offlineReady: false, applyUpdate: null, updating: false } as const;

export const pwaStore = createStore<PwaState>()((set, get) => ({
  ...initial,
  showOfflineReady: () => set({ offlineReady: true }),
  dismissOfflineReady: () => set({ offlineReady: false }),
  offerUpdate: (apply) => set({ applyUpdate: apply }),
  startUpdate: () => {
    const apply = get().applyUpdate;
    if (!apply || get().updating) return;
    set({ updating: true });
    apply();
  },
  dismissUpdate: () => set({ applyUpdate: null, updating: false }),
}));

/** Back to a fresh page load (tests only). */
export function resetPwaStore(): void {
  pwaStore.setState(initial);
}
