export type Cancel = () => void;

/**
 * Runs `task` when the browser is idle (at the latest `timeout` ms later) after the load event: every
 * deferred start goes through here. The `cancel` it returns is safe to call at any time.
 */
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
 * A task that waits for a quiet moment: `run(task)` runs it at once unless `touch()` was called
 * within the last `quietMs`, else once `quietMs` have passed since the last touch (a later touch
 * pushes it back; a later `run` replaces it). React starts in a pause of the typing with it.
 */
export function afterQuiet(quietMs: number): { touch: () => void; run: (task: () => void) => void } {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (task: () => void) => {
    clearTimeout(timer);
    const wait = last + quietMs - performance.now();
    if (wait <= 0) task();
    else timer = setTimeout(() => run(task), wait);
  };
  return {
    touch: () => {
      last = performance.now();
    },
    run,
  };
}

/**
 * Runs `task` in a task of its own after the browser has drawn the next frame: a control's own change
 * shows first, and heavy work waits one frame. A hidden page draws no frames: there it runs at once.
 * (Not a timer racing the frame: on a slow phone a busy frame outlasts any timer, which then ran
 * the work inside it.)
 */
export function afterNextPaint(task: () => void): void {
  if (document.hidden) setTimeout(task);
  else requestAnimationFrame(() => setTimeout(task));
}
