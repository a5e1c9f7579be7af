/**
 * The layout's breakpoints and the reduced-motion query, each once: TS reads them here, stylesheets
 * as custom media (`@media (--below-tablet)`, defined in every file at build: build/custom-media.ts).
 */
const TABLET = "(min-width: 48rem)";

export const media = {
  narrow: "not all and (min-width: 22.5rem)",
  phone: "not all and (min-width: 30rem)",
  belowTablet: `not all and ${TABLET}`,
  small: "(min-width: 40rem)",
  tablet: TABLET,
  wide: "(min-width: 60rem)",
  desktop: "(min-width: 64rem)",
  /** As wide as the content (`--width-content`, tokens.css). */
  full: "(min-width: 72rem)",
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
