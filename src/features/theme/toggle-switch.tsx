import { lazy, Suspense } from "react";
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
 * A switch drawn by a Lottie animation. Until the animation engine has loaded
 * (it is lazy), a static switch of the same size stands in, and clicks work either way.
 */
export function ToggleSwitch({ checked, onChange, label, size = TOGGLE_DEFAULT_SIZE }: ToggleSwitchProps) {
  const width = size;
  const height = Math.round(size * TOGGLE_ASPECT);
  const hydrated = useHydrated();
  const fallback = <StaticSwitch checked={checked} />;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className="toggle-switch"
      style={{ width, height }}
      onClick={() => onChange(!checked)}
    >
      {hydrated ? (
        <Suspense fallback={fallback}>
          <LottieToggle checked={checked} fallback={fallback} />
        </Suspense>
      ) : (
        fallback
      )}
    </button>
  );
}

function StaticSwitch({ checked }: { checked: boolean }) {
  return (
    <span className="toggle-switch__static" data-checked={checked} aria-hidden="true">
      <span className="toggle-switch__knob" />
    </span>
  );
}
