import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { appRoutes, loadMatchedRoutes } from "./app/app-routes";
import { scheduleServiceWorker } from "./features/pwa/schedule-service-worker";
import "./app/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/** The app: the router is created once the current page's module is in (see below). */
function start(): void {
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(appRoutes)} />
    </StrictMode>
  );
  // ── Hydrate call site ── Built pages arrive prerendered (build/prerender.ts): hydrate them.
  // `vite dev` serves an empty shell: render it.
  if (container?.hasChildNodes()) hydrateRoot(container, app);
  else if (container) createRoot(container).render(app);
}

// The current page's chunk (preloaded with the HTML) is loaded first, so the router starts with the
// page in hand and the first render equals the prerendered HTML: one hydration pass, no mismatch.
loadMatchedRoutes(window.location.pathname)
  .catch(() => {
    // Could not fetch it: start anyway; the router loads the page itself.
  })
  .then(start);

// The service worker registers after the first paint, from a chunk of its own (production builds only).
if (import.meta.env.PROD) scheduleServiceWorker();
