/// <reference types="vite/client" />

import type { ClientEnv } from "./config/parse-config";

declare global {
  interface ImportMetaEnv extends ClientEnv {}
}
