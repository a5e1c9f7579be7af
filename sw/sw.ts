/**
 * The service worker: wires events only. A new version waits until the visitor clicks "Reload"
 * (SKIP_WAITING); the very first one claims the open page at once, so it works offline from then on.
 */
import { clientsClaim } from "workbox-core";
import type { PrecacheEntry } from "workbox-precaching";
import { isPageToWorkerMessage } from "../src/shared/pwa/messages";
import { registerCaching } from "./caching";
import { registerOutboxSync } from "./outbox-sync";

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced at build time by the precache list (workbox-build's injectManifest). */
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

registerCaching(self.__WB_MANIFEST);
registerOutboxSync(self, __PIPELINE_CONFIG__);

self.addEventListener("message", (event) => {
  if (isPageToWorkerMessage(event.data)) event.waitUntil(self.skipWaiting());
});

clientsClaim();
