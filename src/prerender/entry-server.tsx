import { text } from "node:stream/consumers";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { appRoutes } from "../app/app-routes";

/**
 * Renders one URL at build time with the browser's route objects, every Suspense boundary waited
 * for: its HTML, and the ids of the routes that rendered it, outermost first ("layout", "skills").
 */
export async function renderPage(url: string) {
  const { query, dataRoutes } = createStaticHandler(appRoutes);
  const context = await query(new Request(new URL(url, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`prerender: ${url} answered ${context.status}`);
  const router = createStaticRouter(dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {/* No hydration data script: the CSP forbids inline scripts, and the routes have no loaders. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    // Never split a large boundary into a later chunk: that needs an inline <script> to put it in
    // place, which the Content-Security-Policy forbids. A static page is written in one piece.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return {
    html: await text(prelude),
    routeIds: context.matches.map((match) => match.route.id),
  };
}
