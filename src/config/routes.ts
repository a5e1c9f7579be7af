/**
 * The route table: every page of the app, once, as data (the worker, server, build and tests read it).
 * Adding a page: an entry here, its text in `src/content/pages.ts` and its module
 * `src/app/routes/<id in kebab-case>.tsx` (`pageModule`; the app fails to load until it exists). The
 * loader follows (src/app/app-routes.tsx), and `npm run build` writes the rewrite into `firebase.json`.
 */
import { ui } from "../content/interface.ts";
import { pageText } from "../content/pages.ts";

export interface RouteInfo {
  /** URL path; `null` for the not-found page, which answers every unknown path. */
  path: string | null;
  /** The navigation bar's link text; `null` for a page the bar does not link to. */
  navLabel: string | null;
  title: string;
  description: string;
}

/** In the navigation bar's order (R-2.2 in docs/requirements.md): Home Page, Projects, Skills, Contact me. */
export const routes = {
  home: { path: "/", navLabel: ui.nav.links.home, ...pageText.home },
  projects: { path: "/project", navLabel: ui.nav.links.projects, ...pageText.projects },
  skills: { path: "/skills", navLabel: ui.nav.links.skills, ...pageText.skills },
  contact: { path: "/contact", navLabel: ui.nav.links.contact, ...pageText.contact },
  notFound: { path: null, navLabel: null, ...pageText.notFound },
} as const satisfies Record<string, RouteInfo>;

export type RouteId = keyof typeof routes;

export const routeIds = Object.keys(routes) as RouteId[];

/** Whether a router route id (e.g. of `useMatches()`) is one of the table's pages. */
export function isRouteId(id: string | undefined): id is RouteId {
  return id !== undefined && Object.hasOwn(routes, id);
}

/** The server's JSON endpoints: never pages, so the worker leaves their navigations alone. */
export const API_PATH = /^\/(?:api|email)(?:[/?#]|$)/;

/** The prerendered HTML file of a route, relative to `dist/`: "index.html", "skills/index.html", "404.html". */
export function pageFile(id: RouteId): string {
  const { path } = routes[id];
  if (path === null) return "404.html";
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** The page module of a route, relative to the project root (the build's manifest key). */
export function pageModule(id: RouteId): string {
  const kebab = id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `src/app/routes/${kebab}.tsx`;
}

/** The URL each route is rendered at by the build (the not-found page at /404). */
export function renderUrl(id: RouteId): string {
  return routes[id].path ?? "/404";
}

/** The routes with a URL of their own, in table order. */
export const appPaths: readonly string[] = routeIds.flatMap((id) => routes[id].path ?? []);

/** The navigation bar's links, in order. */
export const navLinks = routeIds.flatMap((id) => {
  const { path, navLabel } = routes[id];
  return path !== null && navLabel !== null ? [{ id, to: path, label: navLabel }] : [];
});
