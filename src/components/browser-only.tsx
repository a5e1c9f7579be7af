import { type ComponentType, lazy, Suspense } from "react";
import { useHydrated } from "./use-hydrated";

const Nothing: ComponentType = () => null;

/**
 * A component from a chunk loaded when it first renders. A chunk that cannot load (offline
 * before anything was cached, an old tab after a deploy) renders nothing: what it shows is not
 * worth breaking the page for.
 */
export function lazyComponent(load: () => Promise<ComponentType>): ComponentType {
  return lazy(
    (): Promise<{ default: ComponentType }> =>
      load().then(
        (component) => ({ default: component }),
        () => ({ default: Nothing }),
      ),
  );
}

/** Renders `Component` in the browser only, after hydration: nothing in the prerendered HTML. */
export function BrowserOnly({ component: Component }: { component: ComponentType }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  ) : null;
}
