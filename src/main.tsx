// The base stylesheet first: the stylesheets of the components imported below come after it in
// the bundle, so a component's rule wins over a base rule of the same specificity (`.button`).
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { appRoutes, loadMatchedRoutes } from "./app/app-routes";
import { loadOutbox } from "./features/contact/outbox-first-load";
import { startServiceWorkerBridge } from "./features/pwa/start-service-worker-bridge";
import { whenIdleInTurn } from "./lib/schedule";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/** The app: the router is created once the current page's module is in (see below). */
function start(): void {
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(appRoutes)} />
    </StrictMode>
  );
  // Built pages arrive prerendered (build/prerender.ts): hydrate them. Hydration is a transition,
  // so React works in slices and yields to the browser between them (input stays responsive; no
  // long task). `vite dev` serves an empty shell: render it.
  if (container?.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else if (container) createRoot(container).render(app);
}

// The current page's chunk is loaded first, so the router starts with the page in hand and the
// first render equals the prerendered HTML: one hydration pass, no mismatch.
loadMatchedRoutes(window.location.pathname)
  .catch(() => {
    // Could not fetch it: start anyway; the router loads the page itself.
  })
  .then(start);

// After the load, when the browser is idle, one after the other: the service worker (production
// builds only) and the outbox check (a small chunk; the outbox pipeline loads only when messages
// wait, or on a submit that queues).
const checkOutbox = () =>
  loadOutbox()
    .then(({ startOutbox }) => startOutbox())
    .catch(() => {});
whenIdleInTurn([...(import.meta.env.PROD ? [startServiceWorkerBridge] : []), checkOutbox]);
