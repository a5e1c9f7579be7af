import { type LottieHandle, LottieLight } from "lottie-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import toggleAnimation from "../../assets/lottie/toggle-switch.json";
import { TOGGLE_SEGMENTS, TOGGLE_SPEED } from "./toggle-constants";

interface LottieToggleProps {
  checked: boolean;
  /** Shown until the animation has drawn its first frame. */
  fallback: ReactNode;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The animated part of the toggle switch; loaded lazily with the light Lottie engine. */
export default function LottieToggle({ checked, fallback }: LottieToggleProps) {
  const handle = useRef<LottieHandle>(null);
  const [ready, setReady] = useState(false);
  const shown = useRef<boolean | null>(null);

  useEffect(() => {
    const lottie = handle.current;
    if (!ready || !lottie || shown.current === checked) return;
    const segment = checked ? TOGGLE_SEGMENTS.on : TOGGLE_SEGMENTS.off;
    if (shown.current === null || prefersReducedMotion()) {
      // First draw, or no motion wanted: jump to the resting frame of the current state.
      lottie.seek(checked ? TOGGLE_SEGMENTS.on[1] : 0);
    } else {
      lottie.playSegments(segment);
    }
    shown.current = checked;
  }, [checked, ready]);

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
