import { type LottieHandle, LottieLight } from "lottie-react";
import lottie from "lottie-web/build/player/lottie_light.js";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import toggleAnimation from "../../assets/lottie/toggle-switch.json";
import { media } from "../../config/media";

/** Frames the animation plays (docs/requirements.md ): on = 2→50, off = 51→96, no loop, speed 1.3. */
const TOGGLE_SEGMENTS = {
  on: [2, 50],
  off: [51, 96],
} as const satisfies Record<string, readonly [number, number]>;
const TOGGLE_SPEED = 1.3;
/** The frame each state rests on: drawn before the engine arrives too (toggle-frames.ts). */
export const TOGGLE_REST_FRAMES = { off: 0, on: TOGGLE_SEGMENTS.on[1] } as const;

/**
 * Builds a reduced copy of the animation (each layer's first group) once, off the page, and drops
 * it. The engine's first build runs its code cold; on a slow phone the switch's build was then the
 * longest task after the load. Warmed by this one, in an idle task of its own, it takes about three
 * quarters as long (`npm run bench`, "What a visitor feels"; docs/decisions.md).
 */
export function warmUpEngine(): void {
  const sample = structuredClone({
    ...toggleAnimation,
    layers: toggleAnimation.layers.map((layer) => ({ ...layer, shapes: layer.shapes.slice(0, 1) })),
  });
  const animation = lottie.loadAnimation({
    container: document.createElement("span"),
    renderer: "svg",
    loop: false,
    autoplay: false,
    animationData: sample,
  });
  animation.goToAndStop(TOGGLE_REST_FRAMES.on, true);
  animation.destroy();
}

export interface LottieToggleProps {
  checked: boolean;
  /** Shown until the animation has drawn its first frame. */
  fallback: ReactNode;
  /** The state shown when the engine was asked for: a click made meanwhile is played from its resting pose. */
  from: boolean;
}

export default function LottieToggle({ checked, from, fallback }: LottieToggleProps) {
  const handle = useRef<LottieHandle>(null);
  const [ready, setReady] = useState(false);
  const shown = useRef<boolean | null>(null);

  // Before the browser paints: the commit that shows the animation (data-ready) must not draw its
  // frame 0 (the knob at "off") for a frame before it is moved to `from` (seen in WebKit, dark).
  useLayoutEffect(() => {
    const lottie = handle.current;
    if (!ready || !lottie) return;
    const rest = (on: boolean) => (on ? TOGGLE_REST_FRAMES.on : TOGGLE_REST_FRAMES.off);
    if (shown.current === null) {
      lottie.seek(rest(from));
      shown.current = from;
    }
    if (shown.current === checked) return;
    if (window.matchMedia?.(media.reducedMotion).matches) {
      // No motion wanted: jump to the resting frame of the new state.
      lottie.seek(rest(checked));
    } else {
      lottie.playSegments(checked ? TOGGLE_SEGMENTS.on : TOGGLE_SEGMENTS.off);
    }
    shown.current = checked;
  }, [checked, ready, from]);

  return (
    <>
      {!ready && fallback}
      <LottieLight
        as="span"
        className="toggle-switch__lottie"
        data-ready={ready}
        src={toggleAnimation}
        autoplay={false}
        loop={false}
        speed={TOGGLE_SPEED}
        lottieRef={handle}
        subscriptions={{ ready: () => setReady(true) }}
        aria-hidden="true"
      />
    </>
  );
}
