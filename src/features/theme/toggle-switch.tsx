import { lazy, Suspense, useState } from "react";
import { useHydrated } from "../../components/use-hydrated";
import { TOGGLE_ASPECT, TOGGLE_DEFAULT_SIZE } from "./toggle-constants";
import "./toggle-switch.css";

const LottieToggle = lazy(() => import("./lottie-toggle"));

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
 * A switch drawn by a Lottie animation. Until the animation engine has loaded (on intent: a
 * pointer, touch or focus reaching the switch), a static switch of the same size stands in, and
 * clicks work either way: the theme flips at once, and the animation plays when it can.
 */
export function ToggleSwitch({ checked, onChange, label, size = TOGGLE_DEFAULT_SIZE }: ToggleSwitchProps) {
  const width = size;
  const height = Math.round(size * TOGGLE_ASPECT);
  const hydrated = useHydrated();
  const wanted = useAnimationWanted(checked);
  const animated = hydrated && wanted.from !== null;
  const fallback = <StaticSwitch checked={checked} />;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className="toggle-switch"
      style={{ width, height }}
      onClick={() => {
        wanted.request();
        onChange(!checked);
      }}
      onPointerEnter={wanted.request}
      onPointerDown={wanted.request}
      onTouchStart={wanted.request}
      onFocus={wanted.request}
    >
      {animated ? (
        <Suspense fallback={fallback}>
          <LottieToggle checked={checked} from={wanted.from ?? checked} fallback={fallback} />
        </Suspense>
      ) : (
        fallback
      )}
    </button>
  );
}

/**
 * Whether to fetch the animation engine yet: only once the visitor reaches for the switch
 * (pointer over it, touch, focus, or a click). Until then the page never loads the engine.
 * `from` is the state the switch showed at that moment: a click made before the engine arrived
 * is then played as an animation when it does.
 */
function useAnimationWanted(checked: boolean): { from: boolean | null; request: () => void } {
  const [from, setFrom] = useState<boolean | null>(null);
  return { from, request: () => setFrom((current) => current ?? checked) };
}

function StaticSwitch({ checked }: { checked: boolean }) {
  return (
    <span className="toggle-switch__static" data-checked={checked} aria-hidden="true">
      <span className="toggle-switch__knob" />
    </span>
  );
}
