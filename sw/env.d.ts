/** Values the build bakes into the worker (see build/pwa.ts). */
import type { PipelineConfig } from "../src/shared/contact/deps";

declare global {
  /** The build's message pipeline configuration, from the VITE_* variables at build time. */
  const __PIPELINE_CONFIG__: PipelineConfig;
}
