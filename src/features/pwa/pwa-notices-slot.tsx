import { type ComponentType, lazy, Suspense } from "react";
import { useHydrated } from "../../components/use-hydrated";

const Nothing: ComponentType = () => null;

const PwaNotices = lazy(
  (): Promise<{ default: ComponentType }> =>
    import("./pwa-notices").then(
      (module) => ({ default: module.PwaNotices }),
      // The chunk could not load (an old tab after a deploy, offline without a worker): the
      // notices are not worth breaking the page for.
      () => ({ default: Nothing }),
    ),
);

/**
 * Where the layout shows the service worker's notices. Browser-only (nothing in the prerendered
 * HTML) and a chunk of its own, so it adds nothing to the first load.
 */
export function PwaNoticesSlot() {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <PwaNotices />
    </Suspense>
  ) : null;
}
