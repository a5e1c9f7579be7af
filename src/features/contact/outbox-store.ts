import { create } from "zustand";
import type { OutboxEntry } from "../../shared/contact/outbox";

/**
 * What the page shows about the outbox: the entries (waiting and failed) as last read from
 * IndexedDB, and the "sent" notice. It holds no IndexedDB code, so it can sit in the first-load
 * chunk; the outbox client (loaded lazily) fills it.
 */
export interface OutboxState {
  /** False until the outbox was read once (or found unavailable). */
  ready: boolean;
  /** Every entry, in queue order. */
  entries: OutboxEntry[];
  /** Queued messages delivered since the notice was last dismissed. */
  deliveredCount: number;
  setEntries: (entries: OutboxEntry[]) => void;
  markReady: () => void;
  /** A queued message went out (from the worker or a page). */
  delivered: () => void;
  dismissNotice: () => void;
}

export const useOutboxStore = create<OutboxState>()((set) => ({
  ready: false,
  entries: [],
  deliveredCount: 0,
  setEntries: (entries) =>
    set((state) =>
      // Same content: keep the old array, so nothing re-renders for a no-op refresh.
      JSON.stringify(state.entries) === JSON.stringify(entries) ? { ready: true } : { entries, ready: true },
    ),
  markReady: () => set({ ready: true }),
  delivered: () => set((state) => ({ deliveredCount: state.deliveredCount + 1 })),
  dismissNotice: () => set({ deliveredCount: 0 }),
}));

/** Back to the state of a fresh page load (tests). */
export function resetOutboxStore(): void {
  useOutboxStore.setState({ ready: false, entries: [], deliveredCount: 0 });
}
