/** Which precached document answers a navigation: pure, so unit-tested without Workbox. */
import { API_PATH, pageFile, routeIds, routes } from "../src/config/routes";

/** "/skills" → "/skills/index.html". */
const ROUTE_DOCUMENTS = new Map<string | null, string>(
  routeIds.map((id) => [routes[id].path, `/${pageFile(id)}`]),
);

const NOT_FOUND_DOCUMENT = `/${pageFile("notFound")}`;

const SHELL = `/${pageFile("home")}`;

/**
 * Navigations the worker never answers: the API and the notification endpoint, and any path whose
 * last segment has a file extension (robots.txt, a screenshot, the resume opened in a tab): those
 * are files, not pages, and a page in their place would be wrong.
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [API_PATH, /\/[^/]+\.[^/]+$/];

/**
 * The precached documents that can answer a navigation to `pathname`, best first: its prerendered
 * page, or else the not-found page, then the app shell, which renders every route on the client.
 */
export function navigationCandidates(pathname: string): string[] {
  // "/skills/" is "/skills"; "/" stays "/".
  const document = ROUTE_DOCUMENTS.get(pathname.replace(/\/+$/, "") || "/");
  if (document === SHELL) return [SHELL];
  return [document ?? NOT_FOUND_DOCUMENT, SHELL];
}
