import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes, preloadPage } from "./app/app-routes";
import { scheduleServiceWorker } from "./features/pwa/schedule-service-worker";
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
// own chunk is here (it is preloaded with the HTML). `vite dev` serves an empty shell.
if (container.hasChildNodes()) {
  preloadPage(window.location.pathname)
    .catch(() => {
      // Could not fetch it: hydrate anyway, and the page loads on demand as usual.
    })
    .then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}

// The service worker registers after the first paint, from a chunk of its own (production builds only).
if (import.meta.env.PROD) scheduleServiceWorker();
