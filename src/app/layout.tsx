import { LazyMotion, MotionConfig } from "framer-motion";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { useApplyTheme } from "../features/theme/use-apply-theme";
import { Navbar } from "./navbar";
import { useCustomScrollbar } from "./use-custom-scrollbar";

const loadMotionFeatures = () => import("./motion-features").then((module) => module.default);

/** Every page: skip link, navigation bar, and the routed page (which slides in). */
export function Layout() {
  useApplyTheme();
  useCustomScrollbar();
  return (
    <LazyMotion features={loadMotionFeatures} strict>
      <MotionConfig reducedMotion="user">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Navbar />
        <main id="main" className="main" tabIndex={-1}>
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </main>
      </MotionConfig>
    </LazyMotion>
  );
}
