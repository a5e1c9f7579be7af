import { combine } from "zustand/middleware";
import { createStore } from "zustand/vanilla";

const initial = {
  offlineReady: false,
  /** Set while a new version waits: activates it and reloads (on the visitor's click on "Reload" only). */
  applyUpdate: null as (() => void) | null,
  updating: false,
};

/** What the worker's lifecycle asks the page to show: vanilla zustand state, written by `service-worker.ts` outside React. */
export const pwaState = createStore(
  combine(initial, (set, get) => ({
    showOfflineReady: () => set({ offlineReady: true }),
    dismissOfflineReady: () => set({ offlineReady: false }),
    offerUpdate: (apply: () => void) => set({ applyUpdate: apply }),
    startUpdate: () => {
      const apply = get().applyUpdate;
      if (!apply || get().updating) return;
      set({ updating: true });
      apply();
    },
    dismissUpdate: () => set({ applyUpdate: null, updating: false }),
  })),
);

/** Back to a fresh page load (tests only). */
export function resetPwaState(): void {
  pwaState.setState(initial);
}
