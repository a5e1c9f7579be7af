/** The React app, which src/boot.ts starts on need: nothing runs until `startApp` is called. */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { appRoutes, loadMatchedRoutes } from "./app/app-routes";
import { layoutCommitted } from "./app/layout";
import { adoptPageTheme } from "./state/app-state";

function render(container: HTMLElement): void {
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(appRoutes)} />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  adoptPageTheme();
  // From here React listens (and replays a click made while it hydrates): the boot script's own
  // switch handler steps aside.
  document.documentElement.setAttribute("data-react", "");
  // Not in a transition: the root (the layout's shell) hydrates in one short task, so a click
  // cannot land on a node React is halfway through claiming (a transition's slices let one through
  // unhandled; docs/decisions.md). The layout's Suspense boundaries (the navigation bar's parts,
  // the page, the footer) then hydrate each in slices of their own, the browser free between them;
  // a click on one not yet hydrated hydrates it, and only it, at once and is then handled.
  hydrateRoot(container, app);
}

/**
 * Resolves when the app has committed. The current page's chunk is loaded first, so the router's
 * first render equals the prerendered HTML: one hydration pass, no mismatch.
 */
export function startApp(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) return Promise.reject(new Error("index.html has no #root element"));
  return loadMatchedRoutes(window.location.pathname)
    .catch(() => {
      // Could not fetch it: start anyway; the router loads the page itself.
    })
    .then(() => render(container))
    .then(() => layoutCommitted);
}
