import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { OutboxNoticeSlot } from "../features/contact/outbox-first-load";
import { PwaNoticesSlot } from "../features/pwa/pwa-notices-slot";
import { ApplyTheme } from "../features/theme/apply-theme";
import { Navbar } from "./navbar";
import { FirstPageProvider, NavigationAnnouncer } from "./navigation-focus";
import { usePageMotion } from "./page-transition";
import { SiteFooter } from "./site-footer";
import { useCustomScrollbar } from "./use-custom-scrollbar";
import { usePageHead } from "./use-page-head";
import "./print.css";

let markCommitted = () => {};
/** Resolves once React has committed the layout (src/main.tsx: React then handles every control). */
export const layoutCommitted = new Promise<void>((resolve) => {
  markCommitted = resolve;
});

/** Every page: skip link, navigation bar, the routed page, footer, notices, focus and scroll handling. */
export function Layout() {
  useCustomScrollbar();
  usePageMotion();
  usePageHead();
  useEffect(() => markCommitted(), []);
  return (
    <FirstPageProvider>
      <ApplyTheme />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Outlet />
        </Suspense>
        <OutboxNoticeSlot />
      </main>
      <SiteFooter />
      <PwaNoticesSlot />
      <NavigationAnnouncer />
      <ScrollRestoration />
    </FirstPageProvider>
  );
}
