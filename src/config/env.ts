import { type ClientConfig, parseConfig } from "./parse-config";

declare const __CLIENT_CONFIG__: ClientConfig | undefined;

/** Parsed by the build (vite.config.ts), so the bundle carries the values, not the parser; tests parse here. */
export const config: ClientConfig =
  typeof __CLIENT_CONFIG__ === "undefined" ? parseConfig(import.meta.env) : __CLIENT_CONFIG__;
