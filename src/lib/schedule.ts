/**
 * When deferred work runs in the page: when the browser is idle after the load event, or on the
 * visitor's first sign of intent. Every deferred start in the app goes through here, so the
 * first seconds of a visit stay free for the page itself (docs/requirements.md ).
 * Each function returns a `cancel` that is safe to call at any time, also after the task ran.
 */
export type Cancel = () => void;

/** Runs `task` when the browser is idle (at the latest `timeout` ms later), after the load event. */
export function whenIdle(task: () => void, timeout = 3000): Cancel {
  let cancel: Cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(task, { timeout });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(task, 200);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === "complete") idle();
  else {
    window.addEventListener("load", idle, { once: true });
    cancel = () => window.removeEventListener("load", idle);
  }
  return () => cancel();
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

/**
 * Runs `tasks` in order once the page has loaded and the browser is idle, giving the main thread
 * back between them (`scheduler.yield()` where it exists, else a new task), so together they never
 * make one long task. A task that fails does not stop the others.
 */
export function whenIdleInTurn(tasks: ReadonlyArray<() => unknown>): Cancel {
  let cancelled = false;
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  const yieldToMain = () =>
    scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
  const cancelIdle = whenIdle(async () => {
    for (const task of tasks) {
      if (cancelled) return;
      await Promise.resolve()
        .then(task)
        .catch(() => {});
      await yieldToMain();
    }
  });
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
