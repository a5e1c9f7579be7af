import { parseConfig } from "./parse-config";

/** The client configuration, read once from the build's `VITE_*` variables. Public by nature. */
export const config = parseConfig(import.meta.env);
