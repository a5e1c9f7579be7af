import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { whenIdle } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";
import { useFirstPage } from "./navigation-focus";

const loadMotionSlide = cachedLoad(() => import("./motion-slide").then((module) => module.default));
const startLoadingMotion = () => void loadMotionSlide().catch(() => {});

/**
 * R-2.8's slide-in: a CSS animation for the first page (no JavaScript needed) and for navigations
 * until framer-motion, loaded when idle after React started, has arrived.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const firstPage = useFirstPage();
  const { pathname } = useLocation();
  const MotionSlide = firstPage ? undefined : loadMotionSlide.value();
  if (!MotionSlide) {
    // Keyed by the path, so the animation starts again for every page shown this way (a change
    // of the hash alone, such as the skip link, is not a new page).
    return (
      <div key={pathname} className="page page--slide-in">
        {children}
      </div>
    );
  }
  return <MotionSlide>{children}</MotionSlide>;
}

/** Loads motion when the browser is next idle after React started. */
export function usePageMotion(): void {
  useEffect(() => whenIdle(startLoadingMotion, 1000), []);
}
