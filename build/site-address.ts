/**
 * The site's public address at build time (`VITE_SITE_URL`): with it, the QR code of the address
 * is drawn once, into `dist/share-qr.svg`, so the Share dialog needs no QR code library and shows
 * it offline; without it, the build says what is left out.
 */
import type { Plugin } from "vite";
import { qrCodeSvg } from "../src/features/share/qr-code.ts";
import { QR_CODE_FILE } from "../src/features/share/qr-code-file.ts";

export const MISSING_SITE_URL_WARNING =
  "VITE_SITE_URL is not set: pages are built without canonical, og:url and og:image tags and without " +
  "sitemap.xml, and the Share button uses the address each page is opened at. Set VITE_SITE_URL to " +
  "the site's public address (https://…) for a production build.";

export function siteAddress(siteUrl: string | null): Plugin {
  const home = siteUrl ? new URL("/", siteUrl).href : null;
  return {
    name: "portfolio:site-address",
    configResolved(config) {
      if (!home && config.command === "build" && !config.build.ssr) {
        config.logger.warn(MISSING_SITE_URL_WARNING);
      }
    },
    // `vite dev` serves the same file the build writes.
    configureServer(server) {
      if (!home) return;
      server.middlewares.use(QR_CODE_FILE, (_request, response) => {
        qrCodeSvg(home).then((svg) => {
          response.setHeader("Content-Type", "image/svg+xml");
          response.end(svg);
        });
      });
    },
    async generateBundle() {
      if (!home) return;
      this.emitFile({ type: "asset", fileName: QR_CODE_FILE.slice(1), source: await qrCodeSvg(home) });
    },
  };
}
