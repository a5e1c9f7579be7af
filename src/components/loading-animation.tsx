import { lazyComponent } from "./browser-only";
import "./loading-animation.css";

const LottieLoading = lazyComponent(
  () => import("./lottie-loading").then((module) => module.default),
  <span className="loading-animation__fallback" aria-hidden="true" />,
);

/** R-9.5 (docs/requirements.md): a 32×32 loading animation. A CSS spinner of the same size stands in while it loads. */
export function LoadingAnimation({ label }: { label: string }) {
  return (
    <span className="loading-animation">
      <LottieLoading />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
