/** Frames the animation plays (docs/requirements.md ): on = 2→50, off = 51→96, no loop, speed 1.3. */
export const TOGGLE_SEGMENTS = {
  on: [2, 50],
  off: [51, 96],
} as const satisfies Record<string, readonly [number, number]>;
export const TOGGLE_SPEED = 1.3;
export const TOGGLE_DEFAULT_SIZE = 85;
/** Height as a share of the width. */
export const TOGGLE_ASPECT = 0.47;
