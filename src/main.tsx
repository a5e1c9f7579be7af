import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes, preloadPage } from "./app/app-routes";
import { startServiceWorkerBridge } from "./features/pwa/start-service-worker-bridge";
import { whenIdleInTurn } from "./lib/schedule";
import "./app/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// Built pages arrive prerendered (see src/prerender/): hydrate them, in one pass, once the page's
// own chunk is here. Hydration is a transition, so React works in slices and yields to the
// browser between them (input stays responsive; no long task). `vite dev` serves an empty shell.
if (container.hasChildNodes()) {
  preloadPage(window.location.pathname)
    .catch(() => {
      // Could not fetch it: hydrate anyway, and the page loads on demand as usual.
    })
    .then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  createRoot(container).render(app);
}

// After the load, when the browser is idle, one after the other: the service worker (production
// builds only) and the outbox check (a small chunk; the outbox pipeline loads only when messages
// wait, or on a submit that queues).
const checkOutbox = () =>
  import("./features/contact/start-outbox").then(({ startOutbox }) => startOutbox()).catch(() => {});
whenIdleInTurn([...(import.meta.env.PROD ? [startServiceWorkerBridge] : []), checkOutbox]);
