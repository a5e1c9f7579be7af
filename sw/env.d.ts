/** Values the build bakes into the worker (see the PWA section of vite.config.ts). */
import type { PipelineConfig } from "../src/shared/contact/deps";

declare global {
  /** The build's message pipeline configuration, from the VITE_* variables at build time. */
  const __PIPELINE_CONFIG__: PipelineConfig;
  /** Every route of the app, from src/config/paths.ts. */
  const __APP_ROUTES__: readonly string[];
}
