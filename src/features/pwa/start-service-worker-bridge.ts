import { cachedLoad } from "../../shared/cached-load";

const loadBridge = cachedLoad(() => import("./service-worker"));

/**
 * Starts the service worker bridge (./service-worker.ts, with workbox-window) from a chunk of its
 * own. src/boot.ts runs this once the page has loaded and the browser is idle, so registering and
 * precaching never compete with the first paint, and in production builds only: `vite dev` never
 * registers a worker.
 */
export async function startServiceWorkerBridge(onNotice?: () => void): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    await (await loadBridge()).startServiceWorker(onNotice);
  } catch {
    // The chunk could not load (offline before anything was cached): the site works without.
  }
}
