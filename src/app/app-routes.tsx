import { type ComponentType, useState } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { pageModule, type RouteId, routeIds, routes } from "../config/routes";
import { type CachedLoad, cachedLoad } from "../shared/cached-load";
import { Layout } from "./layout";
import { RenderError, RouteError } from "./route-error";

type PageModule = { default: ComponentType };

/** Each route's page, in a chunk of its own: the module the table names (`pageModule`, src/config/routes.ts). */
const pageModules = import.meta.glob<PageModule>("/src/app/routes/*.tsx");
const pages = Object.fromEntries(
  routeIds.map((id) => {
    const load = pageModules[`/${pageModule(id)}`];
    if (!load) throw new Error(`The route ${id} has no page module ${pageModule(id)}.`);
    return [id, cachedLoad(load)];
  }),
) as Record<RouteId, CachedLoad<PageModule>>;

/** The page once its chunk is in; until then the error page, whose Retry fetches it again. */
function PageOrError({ load }: { load: CachedLoad<PageModule> }) {
  const [page, setPage] = useState(load.value);
  if (page) return <page.default />;
  return <RouteError retry={async () => setPage(await load())} />;
}

function pageRoute(id: RouteId): RouteObject {
  const load = pages[id];
  return {
    id,
    path: routes[id].path ?? "*",
    // A navigation waits for the page's chunk (the current page stays until it is in). One that
    // could not load does not fail the navigation: the page shows the error page instead. (React
    // Router calls `lazy` once and would remember a failure for good: the retries are ours.)
    lazy: async () => {
      await load().catch(() => {});
      return {};
    },
    Component: () => <PageOrError load={load} />,
    errorElement: <RenderError />,
  };
}

export const appRoutes: RouteObject[] = [
  {
    id: "layout",
    Component: Layout,
    // The layout itself failed: the error page alone, in the landmark the layout would have drawn.
    errorElement: (
      <main id="main" className="main">
        <RenderError />
      </main>
    ),
    children: routeIds.map(pageRoute),
  },
];

/** Loads the page modules of the routes matching `pathname`, so a router created afterwards renders at once. */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      await route.lazy();
      delete route.lazy;
    }),
  );
}
