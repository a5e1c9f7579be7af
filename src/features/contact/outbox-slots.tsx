import { type ComponentType, lazy, Suspense } from "react";
import { useHydrated } from "../../components/use-hydrated";

const Nothing: ComponentType = () => null;

/**
 * A component from a chunk of its own. A chunk that cannot load (offline before anything was
 * cached, an old tab after a deploy) renders nothing: the outbox is still drained on the next
 * load, and a submit that needs it says so.
 */
function lazyNamed(load: () => Promise<ComponentType>) {
  return lazy(
    (): Promise<{ default: ComponentType }> =>
      load().then(
        (component) => ({ default: component }),
        () => ({ default: Nothing }),
      ),
  );
}

const OutboxNotice = lazyNamed(() => import("./outbox-notice").then((module) => module.OutboxNotice));
const OutboxStatus = lazyNamed(() => import("./outbox-status").then((module) => module.OutboxStatus));

/** Renders `Component` in the browser only, after hydration: nothing in the prerendered HTML. */
function BrowserOnly({ component: Component }: { component: ComponentType }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <Component />
    </Suspense>
  ) : null;
}

/**
 * Every page: the "sent" notice, which also starts the page's outbox client (drain on load,
 * listening to the worker). Adds next to nothing to the first load.
 */
export function OutboxNoticeSlot() {
  return <BrowserOnly component={OutboxNotice} />;
}

/** The contact page: waiting count and refused messages (the outbox exists in this browser only). */
export function OutboxStatusSlot() {
  return <BrowserOnly component={OutboxStatus} />;
}
