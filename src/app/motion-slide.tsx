import { domAnimation, LazyMotion, MotionConfig, m, useReducedMotion } from "framer-motion";
import type { ReactNode } from "react";

/** from -300 px to 0 over 1 s. */
export const PAGE_SLIDE = { from: -300, durationS: 1 } as const;

/** The slide-in of client-side navigations (framer-motion's `m` under `LazyMotion`). */
export default function MotionSlide({ children }: { children: ReactNode }) {
  // Under prefers-reduced-motion the page is drawn in place from its first frame.
  const still = useReducedMotion() ?? false;
  // From the inline start: the right in a right-to-left language.
  const from = document.documentElement.dir === "rtl" ? -PAGE_SLIDE.from : PAGE_SLIDE.from;
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <m.div
          className="page"
          initial={still ? false : { x: from }}
          animate={{ x: 0 }}
          transition={{ type: "tween", ease: "easeOut", duration: PAGE_SLIDE.durationS }}
        >
          {children}
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}
