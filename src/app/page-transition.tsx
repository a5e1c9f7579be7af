import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { whenIdle } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";
import { useFirstPage } from "./navigation-focus";

const loadMotionSlide = cachedLoad(() => import("./motion-slide").then((module) => module.default));
const startLoadingMotion = () => void loadMotionSlide().catch(() => {});

/**
 * R-2.8 (docs/requirements.md): page content slides in from x = -300 to 0 over 1 second.
 *
 * The first page of a visit slides in with a CSS animation, which starts on first paint and
 * needs no JavaScript (and survives prerendering). framer-motion is not part of the load: it is
 * loaded when the browser is idle after React started (./layout.tsx, `usePageMotion`); until it
 * has arrived a navigation slides in with the same CSS animation. Both stay still under
 * `prefers-reduced-motion`.
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

/** Loads motion when the browser is next idle after React started (src/boot.ts starts React on need). */
export function usePageMotion(): void {
  useEffect(() => whenIdle(startLoadingMotion, 1000), []);
}
