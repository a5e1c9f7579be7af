import { LottieLight } from "lottie-react";
import loadingAnimation from "../assets/lottie/loading.json";

export const LOADING_SIZE = 32;

export default function LottieLoading() {
  return (
    <LottieLight
      as="span"
      className="loading-animation__lottie"
      src={loadingAnimation}
      autoplay
      loop
      aria-hidden="true"
      style={{ width: LOADING_SIZE, height: LOADING_SIZE }}
    />
  );
}
