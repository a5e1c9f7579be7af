/**
 * The service worker: wires events only. A new version waits until the visitor clicks "Reload"
 * (SKIP_WAITING); the very first one claims the open page at once, so it works offline from then on.
 * Everything the app needs is precached at install time; nothing is cached at run time, so the API
 * (`/api/*`, `/email/*`) and Firestore are always left to the network.
 */
import { clientsClaim } from "workbox-core";
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { createDeliverDeps } from "../src/shared/contact/deps";
import { createOutboxChannel } from "../src/shared/contact/outbox-channel";
import { createOutboxSyncListener, openOutbox, type SyncEventLike } from "../src/shared/contact/outbox-store";
import { isPageToWorkerMessage } from "../src/shared/pwa/messages";
import { NAVIGATION_DENYLIST, navigationCandidates } from "./navigation";

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced at build time by the precache list (workbox-build's injectManifest). */
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Every other navigation gets a precached document (see ./navigation.ts), online or not.
registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      for (const candidate of navigationCandidates(url.pathname)) {
        const cached = await matchPrecache(candidate);
        if (cached) return cached;
      }
      // Nothing precached (the first install has not finished): the network decides.
      return fetch(request);
    },
    { denylist: [...NAVIGATION_DENYLIST] },
  ),
);

// The worker's half of the outbox: Background Sync drains it, and the open pages are told on its channel.
const channel = createOutboxChannel();
const drainOnSync = createOutboxSyncListener({
  outbox: openOutbox(),
  deps: createDeliverDeps(__PIPELINE_CONFIG__),
  from: "worker",
  announce: (message) => channel.post(message),
});
// "sync" is not in TypeScript's ServiceWorkerGlobalScopeEventMap: the event is a SyncEvent.
self.addEventListener("sync", (event) => drainOnSync(event as unknown as SyncEventLike));

self.addEventListener("message", (event) => {
  if (isPageToWorkerMessage(event.data)) event.waitUntil(self.skipWaiting());
});

clientsClaim();
