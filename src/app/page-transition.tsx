import { m } from "framer-motion";
import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";

/** Spec §2: page content slides in from x = -300 to 0 over 1 second. */
export const PAGE_SLIDE = { from: -300, durationS: 1 } as const;

/**
 * The first page of a visit slides in with a CSS animation, which starts on first paint and
 * needs no JavaScript engine (and survives prerendering). Client-side navigations animate
 * with framer-motion. Both stay still under `prefers-reduced-motion`.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const firstPage = useLocation().key === "default";
  if (firstPage) {
    return <div className="page page--slide-in">{children}</div>;
  }
  return (
    <m.div
      className="page"
      initial={{ x: PAGE_SLIDE.from }}
      animate={{ x: 0 }}
      transition={{ type: "tween", ease: "easeOut", duration: PAGE_SLIDE.durationS }}
    >
      {children}
    </m.div>
  );
}
