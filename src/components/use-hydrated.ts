import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while prerendering and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
