import { type ComponentType, useEffect, useState } from "react";
import { whenIdle } from "../../lib/schedule";
import { cachedLoad } from "../../shared/cached-load";
import { pageChoseDark } from "../../state/app-state";
import type { LottieToggleProps } from "./lottie-toggle";
import "./toggle-frames.css";
import "./toggle-switch.css";

/** The engine, warmed up in an idle task before its first build (lottie-toggle.tsx). */
const loadLottieToggle = cachedLoad(() =>
  import("./lottie-toggle").then(
    (module) =>
      new Promise<ComponentType<LottieToggleProps>>((resolve) => {
        // Each in an idle task of its own: the chunk's evaluation, the warm-up, the first build.
        whenIdle(() => {
          try {
            module.warmUpEngine();
          } finally {
            whenIdle(() => resolve(module.default), 500);
          }
        }, 500);
      }),
  ),
);

const TOGGLE_DEFAULT_SIZE = 85;
/** Height as a share of the width. */
const TOGGLE_ASPECT = 0.47;
/** Sizes with a `toggle-switch--<size>` class in toggle-switch.css. */
const SIZED = new Set([50, TOGGLE_DEFAULT_SIZE]);

interface ToggleSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  /** Width in CSS pixels; the height is 0.47 × the width. */
  size?: number;
  /** The page's theme switch: before React runs, the boot script flips it (src/shared/boot-script.ts). */
  themeSwitch?: boolean;
}

/** A switch drawn by a Lottie animation; its prerendered resting frame stands in until the engine is in. */
export function ToggleSwitch({
  checked,
  onChange,
  label,
  size = TOGGLE_DEFAULT_SIZE,
  themeSwitch = false,
}: ToggleSwitchProps) {
  const sized = SIZED.has(size);
  const LottieToggle = useLottieToggle();
  // What the switch showed when React drew it: a click made before the engine arrived is played from
  // there. Hydration renders the store's first state: the page's switch shows the boot script's theme.
  const [from] = useState(() => (themeSwitch && typeof document !== "undefined" ? pageChoseDark() : checked));
  const fallback = <StaticSwitch checked={checked} />;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-theme-switch={themeSwitch || undefined}
      className={sized ? `toggle-switch toggle-switch--${size}` : "toggle-switch"}
      // The sizes the app uses have classes: a style attribute in prerendered HTML would need
      // 'unsafe-inline' in the CSP. Other sizes are set on the client only.
      style={sized ? undefined : { width: size, height: Math.round(size * TOGGLE_ASPECT) }}
      onClick={() => onChange(!checked)}
    >
      {LottieToggle ? <LottieToggle checked={checked} from={from} fallback={fallback} /> : fallback}
    </button>
  );
}

/** The animation engine, loaded when idle after React drew the switch: never in the way of hydration or a click. */
function useLottieToggle(): ComponentType<LottieToggleProps> | undefined {
  const [LottieToggle, setLottieToggle] = useState(loadLottieToggle.value);
  useEffect(() => {
    if (LottieToggle) return;
    return whenIdle(() => {
      loadLottieToggle().then(
        (component) => setLottieToggle(() => component),
        () => {},
      );
    }, 500);
  }, [LottieToggle]);
  return LottieToggle;
}

/** The animation's resting frame (toggle-frames.css): the boot script flips `data-checked`. */
function StaticSwitch({ checked }: { checked: boolean }) {
  return <span className="toggle-switch__static" data-checked={checked} aria-hidden="true" />;
}
