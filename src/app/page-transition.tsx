import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { onIntent, whenIdle } from "../lib/schedule";
import { cachedLoad } from "../shared/cached-load";
import { useFirstPage } from "./navigation-focus";

const loadMotionSlide = cachedLoad(() => import("./motion-slide").then((module) => module.default));
const startLoadingMotion = () => void loadMotionSlide().catch(() => {});
/**
 * Motion is loaded when the browser is next idle, never on the intent itself: a press on a link
 * is a few milliseconds from its click, and the library's evaluation must not stand between that
 * click and its paint (the first navigation slides with CSS anyway).
 */
const loadMotionWhenIdle = () => void whenIdle(startLoadingMotion, 1000);

/**
 * R-2.8 (docs/requirements.md): page content slides in from x = -300 to 0 over 1 second.
 *
 * The first page of a visit slides in with a CSS animation, which starts on first paint and
 * needs no JavaScript (and survives prerendering). framer-motion is not part of the load: it is
 * asked for on the first sign of a navigation (./layout.tsx, `usePageMotionOnIntent`) and loaded
 * at the next idle moment; until it has arrived a navigation slides in with the same CSS
 * animation. Both stay still under `prefers-reduced-motion`.
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

/**
 * Asks for the motion chunk (loaded when the browser is next idle) on the first navigation
 * intent: a pointer pressed on a link, or a link receiving focus (keyboard). Also after a
 * navigation that came without one (history).
 */
export function usePageMotionOnIntent(): void {
  const { key } = useLocation();
  useEffect(
    () =>
      onIntent(document, ["pointerdown", "focusin"], loadMotionWhenIdle, (event) =>
        event.target instanceof Element ? event.target.closest("a[href]") !== null : false,
      ),
    [],
  );
  useEffect(() => {
    if (key !== "default") return whenIdle(startLoadingMotion, 1000);
  }, [key]);
}
