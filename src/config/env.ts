import { type ClientConfig, parseConfig } from "./parse-config";

declare const __CLIENT_CONFIG__: ClientConfig | undefined;

/**
 * The client configuration. Builds get it already parsed and validated from vite.config.ts, so
 * the bundle carries the values and not the parser; unit tests, which have no build (and any code
 * run without Vite's `define`), parse the `VITE_*` variables here. Public by nature: everything
 * in it is in the bundle.
 */
export const config: ClientConfig =
  typeof __CLIENT_CONFIG__ === "undefined" ? parseConfig(import.meta.env) : __CLIENT_CONFIG__;
