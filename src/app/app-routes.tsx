import type { ComponentType } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { type RouteId, routeIds, routes } from "../config/routes";
import { Layout } from "./layout";

type PageModule = { default: ComponentType };

/**
 * Each route's page, in a chunk of its own. Keyed by the route table's ids: a route without a page
 * (or a page without a route) does not compile. The module of route `id` is
 * `routes/<id in kebab-case>.tsx`, which is where the build looks for its chunk.
 */
const pageModules = {
  home: () => import("./routes/home"),
  projects: () => import("./routes/projects"),
  skills: () => import("./routes/skills"),
  contact: () => import("./routes/contact"),
  notFound: () => import("./routes/not-found"),
} satisfies Record<RouteId, () => Promise<PageModule>>;

function pageRoute(id: RouteId): RouteObject {
  const { path } = routes[id];
  return {
    id,
    // The not-found page answers every path no other route matches.
    path: path ?? "*",
    lazy: async () => ({ Component: (await pageModules[id]()).default }),
  };
}

/** The app's route objects (React Router's data mode), built from the route table. */
export const appRoutes: RouteObject[] = [
  { id: "layout", Component: Layout, children: routeIds.map(pageRoute) },
];

/**
 * Loads the page modules of the routes matching `pathname` and puts them into the route objects,
 * so a router created afterwards renders the page at once. The browser calls this before hydrating
 * a prerendered page: the first render then equals the prerendered HTML and hydrates in one pass.
 */
export async function loadMatchedRoutes(pathname: string, routeObjects = appRoutes): Promise<void> {
  const matches = matchRoutes(routeObjects, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}
