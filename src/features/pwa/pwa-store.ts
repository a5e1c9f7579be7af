import { createStore } from "zustand/vanilla";

/** What the worker's lifecycle asks the page to show: a vanilla store, as it is written before React runs. */
export interface PwaState {
  offlineReady: boolean;
  /** Set while a new version waits: activates it and reloads (on the visitor's click on "Reload" only). */
  applyUpdate: (() => void) | null;
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
