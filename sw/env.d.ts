/** Values the build bakes into the worker (see the PWA section of vite.config.ts). */
import type { PipelineConfig } from "../src/shared/contact/deps";

declare global {
  /** The build's message pipeline configuration, from the VITE_* variables at build time. */
  const __PIPELINE_CONFIG__: PipelineConfig;
  /** Identifies the build: BUILD_ID at build time, else the package version. */
  const __BUILD_ID__: string;
}
