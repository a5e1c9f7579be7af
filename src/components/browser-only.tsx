import { type ComponentType, type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { cachedLoad } from "../shared/cached-load";

const noSubscription = () => () => {};

/** False while prerendering and during hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A component from a chunk loaded once it is first drawn, in the browser only: `fallback` until then
 * (and on the server, and while hydrating). A chunk that cannot load is asked for again on `online`
 * and whenever the component is drawn anew.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const loader = cachedLoad(load);
  return function Lazy(props: P) {
    const hydrated = useHydrated();
    // Drawn after hydration (another page, the second time), a chunk already in shows at once.
    const [Loaded, setLoaded] = useState(() => (hydrated ? loader.value() : undefined));
    useEffect(() => {
      if (Loaded) return;
      let active = true;
      const attempt = () =>
        loader().then(
          (component) => active && setLoaded(() => component),
          () => {},
        );
      attempt();
      window.addEventListener("online", attempt);
      return () => {
        active = false;
        window.removeEventListener("online", attempt);
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : fallback;
  };
}
