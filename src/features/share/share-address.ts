import { config } from "../../config/env";

/** The address shared: the home page on `VITE_SITE_URL`, or else on this page's origin. */
export function shareAddress(): string {
  return new URL("/", config.siteUrl ?? window.location.origin).href;
}
