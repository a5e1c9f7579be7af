/**
 * The service worker: wires events only. Caching lives in ./caching.ts, the offline message outbox
 * in ./outbox-sync.ts, the page↔worker messages in src/shared/pwa/messages.ts.
 *
 * Lifecycle: a new version installs in the background and then waits; it takes over only when the
 * visitor clicks "Reload" on the page's update prompt (SKIP_WAITING). The very first version has
 * nothing to wait for and claims the open page at once so it works offline from then on.
 */
import { clientsClaim } from "workbox-core";
import type { PrecacheEntry } from "workbox-precaching";
import { isPageToWorkerMessage, PWA_MESSAGE } from "../src/shared/pwa/messages";
import { registerCaching } from "./caching";
import { registerOutboxSync } from "./outbox-sync";

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced at build time by the precache list (workbox-build's injectManifest). */
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

registerCaching(self.__WB_MANIFEST);
registerOutboxSync(self, __PIPELINE_CONFIG__);

self.addEventListener("message", (event) => {
  const message: unknown = event.data;
  // Other features post their own messages; this listener answers only the lifecycle ones.
  if (!isPageToWorkerMessage(message)) return;
  switch (message.type) {
    case PWA_MESSAGE.skipWaiting:
      event.waitUntil(self.skipWaiting());
      break;
  }
});

clientsClaim();
