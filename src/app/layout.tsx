import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { lazyComponent } from "../components/browser-only";
// The notices' styles travel with the first load, so their chunks bring no stylesheet that
// would restyle the whole page after hydration.
import "../features/contact/outbox-notice.css";
import "../features/pwa/pwa-notices.css";
import { ui } from "../content/interface";
import { ApplyTheme } from "../features/theme/apply-theme";
import { Navbar } from "./navbar";
import { FirstPageProvider, NavigationAnnouncer } from "./navigation-focus";
import { usePageMotion } from "./page-transition";
import { SiteFooter } from "./site-footer";
import { useCustomScrollbar } from "./use-custom-scrollbar";
import "./print.css";

/**
 * Every page's notices, drawn after hydration from chunks of their own: the "sent" notice and the
 * service worker's. Lazy components are made in modules of the app's first render, not in the
 * chunks they load: one made in a later chunk split React out of the app's chunk (one more request).
 */
const OutboxNotice = lazyComponent(() =>
  import("../features/contact/outbox-status-view").then((module) => module.OutboxNotice),
);
const PwaNotices = lazyComponent(() =>
  import("../features/pwa/pwa-notices").then((module) => module.PwaNotices),
);

let markCommitted = () => {};
/** Resolves once React has committed the layout (src/main.tsx: React then handles every control). */
export const layoutCommitted = new Promise<void>((resolve) => {
  markCommitted = resolve;
});

/** Every page: skip link, navigation bar, the routed page, footer, notices, focus and scroll handling. */
export function Layout() {
  useCustomScrollbar();
  usePageMotion();
  useEffect(() => markCommitted(), []);
  return (
    <FirstPageProvider>
      <ApplyTheme />
      <a className="skip-link" href="#main">
        {ui.skipLink}
      </a>
      {/* Each boundary hydrates in a task of its own (src/main.tsx): the navigation bar's parts, the page, the footer. */}
      <Navbar />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Outlet />
        </Suspense>
        <OutboxNotice />
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <PwaNotices />
      <NavigationAnnouncer />
      <ScrollRestoration />
    </FirstPageProvider>
  );
}
