/**
 * The page's side of the service worker lifecycle (workbox-window), loaded when the browser has
 * been idle a while after the load, before React starts by itself (src/boot.ts). A new version
 * waits; only the visitor's click on "Reload" sends SKIP_WAITING. Nothing reloads by itself, so
 * nobody loses what they were typing.
 */
import { Workbox } from "workbox-window";
import { skipWaitingMessage } from "../../shared/pwa/messages";
import { browserStorage, claimOfflineReadyNotice } from "./offline-ready";
import { pwaState } from "./pwa-state";

export const SERVICE_WORKER_URL = "/sw.js";
/** How often a long-lived tab asks the server for a new version (while visible and online). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** If the new version has not taken control this long after the click, reload anyway. */
const RELOAD_FALLBACK_MS = 4000;

let started = false;

/**
 * Registers the worker. Resolves once no install is in progress (the first one has activated, an
 * update waits, or either failed): React's own start waits for it (src/boot.ts).
 */
export async function startServiceWorker(): Promise<void> {
  if (started || !("serviceWorker" in navigator)) return;
  started = true;

  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: "/" });
  let registration: ServiceWorkerRegistration | undefined;
  let reloadRequested = false;
  let reloading = false;

  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  const activateWaitingVersion = () => {
    const waiting = registration?.waiting;
    // Another tab already activated it: this page only needs to load the new files.
    if (!waiting) return reload();
    reloadRequested = true;
    waiting.postMessage(skipWaitingMessage);
    window.setTimeout(reload, RELOAD_FALLBACK_MS);
  };

  const offerUpdate = () => {
    pwaState.getState().offerUpdate(activateWaitingVersion);
  };

  workbox.addEventListener("waiting", offerUpdate);
  workbox.addEventListener("controlling", (event) => {
    if (reloadRequested) return reload();
    // A new version took over from another tab: this page's old chunks are no longer cached.
    if (event.isUpdate) offerUpdate();
  });

  try {
    registration = await workbox.register();
  } catch {
    // Blocked (private mode, policy) or not allowed on this origin: the site works without it.
    return;
  }
  if (!registration) return;
  // An update the browser started before this (lazy) code listened: workbox-window only reports
  // versions that are already waiting, so follow one that is still installing here.
  const installing = registration.installing;
  if (installing && navigator.serviceWorker.controller) {
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed" && registration?.waiting === installing) offerUpdate();
    });
  }

  void workbox.active.then(() => {
    if (!claimOfflineReadyNotice(browserStorage())) return;
    pwaState.getState().showOfflineReady();
  });

  scheduleUpdateChecks(workbox);
  return installEnded(registration);
}

/** Resolves when the registration's install in progress, if any, has activated, waits or failed. */
function installEnded(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state === "installing" || worker.state === "activating") return;
      // "installed" is the end only for an update: a first install activates at once.
      if (worker.state === "installed" && registration.waiting !== worker) return;
      worker.removeEventListener("statechange", check);
      resolve();
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

/** Checks for a new version hourly in a tab that stays open (the browser checks on each page load). */
function scheduleUpdateChecks(workbox: Workbox): void {
  let lastCheck = Date.now();
  const check = () => {
    if (document.visibilityState !== "visible" || !navigator.onLine) return;
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    workbox.update().catch(() => {
      // The server could not be reached: the next check tries again.
    });
  };
  document.addEventListener("visibilitychange", check);
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
}
