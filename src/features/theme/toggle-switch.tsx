import { type ComponentType, useEffect, useRef, useState } from "react";
import { useHydrated } from "../../components/use-hydrated";
import { type Cancel, whenIdle } from "../../lib/schedule";
import { cachedLoad } from "../../shared/cached-load";
import type { LottieToggleProps } from "./lottie-toggle";
import { TOGGLE_ASPECT, TOGGLE_DEFAULT_SIZE } from "./toggle-constants";
import "./toggle-switch.css";

const loadLottieToggle = cachedLoad(() => import("./lottie-toggle").then((module) => module.default));

/** Sizes with a `toggle-switch--<size>` class in toggle-switch.css. */
const SIZED = new Set([50, TOGGLE_DEFAULT_SIZE]);

interface ToggleSwitchProps {
  checked: boolean;
  /** Called with the new value after a click, Space or Enter. */
  onChange: (checked: boolean) => void;
  /** Accessible name, e.g. "Dark mode". */
  label: string;
  /** Width in CSS pixels; the height is 0.47 × the width. */
  size?: number;
  /** The page's theme switch: before React runs, the boot script flips it (src/shared/boot-script.ts). */
  themeSwitch?: boolean;
}

/**
 * A switch drawn by a Lottie animation. Until the animation engine has loaded (on intent: a
 * pointer, touch or focus reaching the switch), a static switch of the same size stands in, and
 * clicks work either way: the theme flips at once, and the animation plays when it can.
 */
export function ToggleSwitch({
  checked,
  onChange,
  label,
  size = TOGGLE_DEFAULT_SIZE,
  themeSwitch = false,
}: ToggleSwitchProps) {
  const width = size;
  const height = Math.round(size * TOGGLE_ASPECT);
  const hydrated = useHydrated();
  const wanted = useAnimationOnIntent(checked);
  const fallback = <StaticSwitch checked={checked} />;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-theme-switch={themeSwitch || undefined}
      className={SIZED.has(size) ? `toggle-switch toggle-switch--${size}` : "toggle-switch"}
      // The sizes the app uses have classes: a style attribute in prerendered HTML would need
      // 'unsafe-inline' in the CSP. Other sizes are set on the client only.
      style={SIZED.has(size) ? undefined : { width, height }}
      onClick={() => {
        wanted.request();
        onChange(!checked);
      }}
      onPointerEnter={wanted.request}
      onPointerDown={wanted.request}
      onTouchStart={wanted.request}
      onFocus={wanted.request}
    >
      {hydrated && wanted.LottieToggle ? (
        <wanted.LottieToggle checked={checked} from={wanted.from ?? checked} fallback={fallback} />
      ) : (
        fallback
      )}
    </button>
  );
}

/**
 * The animation engine, asked for only once the visitor reaches for the switch (pointer over it,
 * touch, focus, or a click), and then loaded when the browser is next idle: a pointer that
 * reaches the switch is usually about to click it, and the engine's evaluation must not stand
 * between that click and its paint (INP). `from` is the state the switch showed at that moment:
 * a click made before the engine arrived is played as an animation when it does. A failed load
 * (offline before the chunk was cached) keeps the static switch, and the next intent tries again.
 */
function useAnimationOnIntent(checked: boolean): {
  from: boolean | null;
  LottieToggle: ComponentType<LottieToggleProps> | undefined;
  request: () => void;
} {
  const [from, setFrom] = useState<boolean | null>(null);
  const [LottieToggle, setLottieToggle] = useState<ComponentType<LottieToggleProps>>();
  const pending = useRef(false);
  const cancelIdle = useRef<Cancel>(undefined);
  // A switch that goes away before the browser was idle never loads the engine.
  useEffect(() => () => cancelIdle.current?.(), []);
  const request = () => {
    if (LottieToggle || pending.current) return;
    pending.current = true;
    setFrom((current) => current ?? checked);
    cancelIdle.current = whenIdle(() => {
      loadLottieToggle()
        .then(
          (component) => setLottieToggle(() => component),
          () => setFrom(null),
        )
        .finally(() => {
          pending.current = false;
        });
    }, 500);
  };
  return { from, LottieToggle, request };
}

function StaticSwitch({ checked }: { checked: boolean }) {
  return (
    <span className="toggle-switch__static" data-checked={checked} aria-hidden="true">
      <span className="toggle-switch__knob" />
    </span>
  );
}
