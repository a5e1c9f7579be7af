import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useFirstPage } from "./navigation-focus";

const loadMotionSlide = () => import("./motion-slide");
const MotionSlide = lazy(loadMotionSlide);

/**
 * R-2.8 (docs/requirements.md): page content slides in from x = -300 to 0 over 1 second.
 *
 * The first page of a visit slides in with a CSS animation, which starts on first paint and
 * needs no JavaScript (and survives prerendering). Client-side navigations animate with
 * framer-motion, which is not part of the first load: it is fetched after first paint. Both
 * stay still under `prefers-reduced-motion`.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const firstPage = useFirstPage();
  if (firstPage) {
    return <div className="page page--slide-in">{children}</div>;
  }
  return (
    // Until the motion chunk is there (rare: it is preloaded), the page waits at the start pose.
    <Suspense fallback={<div className="page page--slide-pending">{children}</div>}>
      <MotionSlide>{children}</MotionSlide>
    </Suspense>
  );
}

/** Fetches the motion chunk once the browser is idle, so the first navigation does not wait for it. */
export function usePreloadPageMotion(): void {
  useEffect(() => {
    const preload = () => void loadMotionSlide().catch(() => {});
    const idle = window.requestIdleCallback?.(preload, { timeout: 3000 });
    const timer = idle === undefined ? window.setTimeout(preload, 1000) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, []);
}
