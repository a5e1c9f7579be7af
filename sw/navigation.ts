/**
 * Which precached document answers a navigation. Pure functions (no Workbox, no worker globals), so
 * the mapping is unit-tested on its own.
 */

/**
 * Navigations the worker never answers: the API and the notification endpoint, and any path whose
 * last segment has a file extension (robots.txt, a screenshot, the resume opened in a tab): those
 * are files, not pages, and a page in their place would be wrong.
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [/^\/(?:api|email)(?:\/|$)/, /\/[^/]+\.[^/]+$/];

/** "/skills/" → "/skills"; "/" stays "/". */
function trimTrailingSlash(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * The precached documents that can answer a navigation to `pathname`, best first. An app route is
 * answered with its prerendered page (`/skills` → `/skills/index.html`) when the build has one, and
 * any other path with the prerendered not-found page (`/404.html`); both fall back to the app shell
 * (`/index.html`), which renders every route, the not-found page included, on the client.
 */
export function navigationCandidates(pathname: string, appRoutes: readonly string[]): string[] {
  const path = trimTrailingSlash(pathname);
  if (path === "/") return ["/index.html"];
  if (appRoutes.includes(path)) return [`${path}/index.html`, "/index.html"];
  return ["/404.html", "/index.html"];
}
