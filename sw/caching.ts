/**
 * Everything the app needs is precached at install time; nothing is cached at run time, so the API
 * (`/api/*`, `/email/*`) and Firestore are always left to the network.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NAVIGATION_DENYLIST, navigationCandidates } from "./navigation";

export function registerCaching(manifest: ReadonlyArray<PrecacheEntry | string>): void {
  cleanupOutdatedCaches();
  precacheAndRoute([...manifest]);
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
}
