import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { OutboxNoticeSlot } from "../features/contact/outbox-slots";
import { PwaNoticesSlot } from "../features/pwa/pwa-notices-slot";
import { useApplyTheme } from "../features/theme/use-apply-theme";
import { Navbar } from "./navbar";
import { usePageMotionOnIntent } from "./page-transition";
import { useCustomScrollbar } from "./use-custom-scrollbar";

/** Every page: skip link, navigation bar, and the routed page (which slides in). */
export function Layout() {
  useApplyTheme();
  useCustomScrollbar();
  usePageMotionOnIntent();
  return (
    <>
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
      <PwaNoticesSlot />
    </>
  );
}
