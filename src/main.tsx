import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes } from "./app/app-routes";
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

// Built pages arrive prerendered (see src/prerender/): hydrate them. `vite dev` serves an empty shell.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

// The service worker registers after the first paint, from a chunk of its own (production builds only).
if (import.meta.env.PROD) scheduleServiceWorker();
