/** Frames the animation plays (spec §4): on = 2→50, off = 51→96, no loop, speed 1.3. */
export const TOGGLE_SEGMENTS = {
  on: [2, 50],
  off: [51, 96],
} as const satisfies Record<string, readonly [number, number]>;
export const TOGGLE_SPEED = 1.3;
export const TOGGLE_DEFAULT_SIZE = 85;
/** Height as a share of the width (spec §9). */
export const TOGGLE_ASPECT = 0.47;
