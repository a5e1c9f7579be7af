import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while rendering on the server (prerendering) and during hydration, true afterwards.
 * Browser-only parts (the Lottie engine) render behind it, so server HTML and the first client
 * render always match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
