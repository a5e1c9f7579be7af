import { config } from "../../config/env";

/**
 * The address the Share button shares and its QR code encodes: the site's home page on
 * `VITE_SITE_URL`, or on the origin this page was opened at when the build was given none.
 */
export function shareAddress(): string {
  return new URL("/", config.siteUrl ?? window.location.origin).href;
}
