/**
 * Starts the service worker bridge (./service-worker.ts, with workbox-window) from a chunk of its
 * own once the page has loaded and the browser is idle, so registering and precaching never
 * compete with the first paint. main.tsx calls this in production builds only: `vite dev` never
 * registers a worker.
 */
export function scheduleServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;

  const start = () => {
    import("./service-worker")
      .then((bridge) => bridge.startServiceWorker())
      .catch(() => {
        // The chunk could not load (offline before anything was cached): the site works without.
      });
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(start, { timeout: 3000 });
    else window.setTimeout(start, 200);
  };

  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
