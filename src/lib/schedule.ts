/**
 * When deferred work runs in the page: when the browser is idle after the load event. Every deferred
 * start in the app goes through here, so the first seconds of a visit stay free for the page itself
 * (docs/requirements.md ). It returns a `cancel` that is safe to call at any time, also after
 * the task ran.
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
