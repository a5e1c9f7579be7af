import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "../../components/use-hydrated";
import { TOGGLE_ASPECT, TOGGLE_DEFAULT_SIZE } from "./toggle-constants";
import "./toggle-switch.css";

const LottieToggle = lazy(() => import("./lottie-toggle"));

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
}

/**
 * A switch drawn by a Lottie animation. Until the animation engine has loaded
 * (it is lazy), a static switch of the same size stands in, and clicks work either way.
 */
export function ToggleSwitch({ checked, onChange, label, size = TOGGLE_DEFAULT_SIZE }: ToggleSwitchProps) {
  const width = size;
  const height = Math.round(size * TOGGLE_ASPECT);
  const hydrated = useHydrated();
  const wanted = useAnimationWanted();
  const animated = hydrated && wanted.value;
  const fallback = <StaticSwitch checked={checked} />;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={SIZED.has(size) ? `toggle-switch toggle-switch--${size}` : "toggle-switch"}
      // The sizes the app uses have classes: a style attribute in prerendered HTML would need
      // 'unsafe-inline' in the CSP. Other sizes are set on the client only.
      style={SIZED.has(size) ? undefined : { width, height }}
      onClick={() => {
        wanted.request();
        onChange(!checked);
      }}
      onPointerEnter={wanted.request}
      onFocus={wanted.request}
    >
      {animated ? (
        <Suspense fallback={fallback}>
          <LottieToggle checked={checked} fallback={fallback} />
        </Suspense>
      ) : (
        fallback
      )}
    </button>
  );
}

/**
 * Whether to fetch the animation engine yet: once the page has loaded and the browser is idle, or
 * as soon as the visitor reaches for the switch. Until then the page's first seconds stay free of
 * the engine's parse and start-up work.
 */
function useAnimationWanted(): { value: boolean; request: () => void } {
  const [value, setValue] = useState(false);
  useEffect(() => {
    if (value) return;
    let idle: number | undefined;
    let timer: number | undefined;
    const schedule = () => {
      const want = () => setValue(true);
      if (window.requestIdleCallback) idle = window.requestIdleCallback(want, { timeout: 3000 });
      else timer = window.setTimeout(want, 200);
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      window.removeEventListener("load", schedule);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [value]);
  return { value, request: () => setValue(true) };
}

function StaticSwitch({ checked }: { checked: boolean }) {
  return (
    <span className="toggle-switch__static" data-checked={checked} aria-hidden="true">
      <span className="toggle-switch__knob" />
    </span>
  );
}
