/**
 * When deferred work runs in the page: after the load event, when the browser is idle, or on the
 * visitor's first sign of intent. Every deferred start in the app goes through here, so the
 * first seconds of a visit stay free for the page itself (docs/requirements.md ).
 * Each function returns a `cancel` that is safe to call at any time, also after the task ran.
 */
export type Cancel = () => void;

/** Runs `task` once the page's load event has fired (at once, in a task, if it already has). */
export function afterLoad(task: () => void): Cancel {
  let cancelled = false;
  const run = () => {
    if (!cancelled) task();
  };
  if (document.readyState === "complete") {
    const timer = setTimeout(run, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }
  window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
  };
}

/** Runs `task` when the browser is idle (at the latest after `timeout` ms), after the load event. */
export function whenIdle(task: () => void, timeout = 3000): Cancel {
  let cancelIdle: Cancel = () => {};
  const cancelLoad = afterLoad(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(task, { timeout });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(task, 200);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelLoad();
    cancelIdle();
  };
}

/**
 * Runs `task` once, on the first of `events` dispatched at `target` (listened to in the capture
 * phase and passively, so scrolling and clicks are never held up). `accept` can ignore events
 * that are not the intent looked for (e.g. a key that does not scroll).
 */
export function onIntent(
  target: EventTarget,
  events: readonly string[],
  task: (event: Event) => void,
  accept: (event: Event) => boolean = () => true,
): Cancel {
  const options = { capture: true, passive: true } as const;
  const cancel = () => {
    for (const type of events) target.removeEventListener(type, listener, options);
  };
  const listener = (event: Event) => {
    if (!accept(event)) return;
    cancel();
    task(event);
  };
  for (const type of events) target.addEventListener(type, listener, options);
  return cancel;
}

type Scheduler = { yield?: () => Promise<void> };

/**
 * Gives the main thread back to the browser (input, rendering) between two pieces of work:
 * `scheduler.yield()` where it exists (the continuation keeps its priority), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `tasks` in order once the page has loaded and the browser is idle, giving the main thread
 * back between them (`yieldToMain`), so together they never make one long task.
 */
export function whenIdleInTurn(tasks: ReadonlyArray<() => unknown>): Cancel {
  let cancelled = false;
  const cancelIdle = whenIdle(async () => {
    for (const [index, task] of tasks.entries()) {
      if (index > 0) await yieldToMain();
      if (cancelled) return;
      try {
        await task();
      } catch {
        // Each task handles its own failures; one that throws anyway must not stop the others.
      }
    }
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
