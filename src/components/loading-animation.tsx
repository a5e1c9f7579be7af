import { lazy, Suspense } from "react";
import "./loading-animation.css";

const LottieLoading = lazy(() => import("./lottie-loading"));

/** R-9.5 (docs/requirements.md): a 32×32 loading animation. A CSS spinner of the same size stands in while it loads. */
export function LoadingAnimation({ label }: { label: string }) {
  return (
    <span className="loading-animation">
      <Suspense fallback={<span className="loading-animation__fallback" aria-hidden="true" />}>
        <LottieLoading />
      </Suspense>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
