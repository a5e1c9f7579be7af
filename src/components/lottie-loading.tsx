import { LottieLight } from "lottie-react";
import { useSyncExternalStore } from "react";
import loadingAnimation from "../assets/lottie/loading.json";
import { media } from "../config/media";

export const LOADING_SIZE = 32;

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(media.reducedMotion);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the visitor asked for reduced motion (kept current if they change it). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(media.reducedMotion).matches,
    () => false,
  );
}

/** The loading animation of R-4.4 (docs/requirements.md). Under `prefers-reduced-motion` it is a still frame: no loop, no play. */
export default function LottieLoading() {
  const still = usePrefersReducedMotion();
  return (
    <LottieLight
      // A new player when the preference changes: lottie-react reads autoplay and loop once.
      key={still ? "still" : "playing"}
      as="span"
      className="loading-animation__lottie"
      src={loadingAnimation}
      autoplay={!still}
      loop={!still}
      data-motion={still ? "still" : "looping"}
      aria-hidden="true"
      style={{ width: LOADING_SIZE, height: LOADING_SIZE }}
    />
  );
}
