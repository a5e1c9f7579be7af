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
