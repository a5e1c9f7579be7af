import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pageFile, routeIds, routes } from "../src/config/routes";

/** The built pages (from the route table) and the URL each answers; "(404)" for the not-found page. */
export const ROUTE_PAGES = routeIds.map((id) => ({ route: routes[id].path ?? "(404)", file: pageFile(id) }));

export function gzipSize(bytes: Buffer | string): number {
  return gzipSync(bytes, { level: 9 }).length;
}

export interface FirstLoad {
  route: string;
  /** What the page fetches up front, before the visitor needs React: the boot module and its imports. */
  files: string[];
  jsGzip: number;
  /** Everything the page runs once React starts (src/boot.ts): the boot module, the app, the page's module. */
  appFiles: string[];
  appGzip: number;
}

const gzipOf = (distDir: string, files: string[]) =>
  files.reduce((sum, file) => sum + gzipSize(readFileSync(join(distDir, file))), 0);

/**
 * The scripts of each built page, from the boot script's attributes (src/shared/boot-script.ts):
 * `data-entry` and `data-preload` are requested after the first paint; `data-app` when the
 * visitor needs React (src/boot.ts). Any `<script type="module">` or `modulepreload` left in the
 * HTML counts as up front.
 */
export function firstLoadJs(distDir: string): FirstLoad[] {
  return ROUTE_PAGES.map(({ route, file }) => {
    const html = readFileSync(join(distDir, file), "utf8");
    const boot = /<script data-entry="\/([^"]+)" data-preload="([^"]*)" data-app="([^"]*)"[^>]*>/.exec(html);
    const list = (attribute: string | undefined) =>
      (attribute ?? "")
        .split(" ")
        .filter(Boolean)
        .map((path) => path.replace(/^\//, ""));
    const files = [
      ...new Set([
        ...(boot ? [boot[1] as string, ...list(boot[2])] : []),
        ...[
          ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
          ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
        ].map((match) => match[1] as string),
      ]),
    ];
    const appFiles = [...new Set([...files, ...list(boot?.[3])])];
    return { route, files, jsGzip: gzipOf(distDir, files), appFiles, appGzip: gzipOf(distDir, appFiles) };
  });
}

export interface Precache {
  entries: number;
  /** Decoded size: what the browser stores (and what Workbox prints at build time). */
  bytes: number;
  /** What filling the precache downloads: each file gzip-compressed, as the server sends it. */
  gzipBytes: number;
  urls: string[];
}

/** What the service worker precaches: the manifest vite-plugin-pwa injected into `sw.js`. */
export function precache(distDir: string): Precache {
  const sw = readFileSync(join(distDir, "sw.js"), "utf8");
  const urls = [
    ...new Set([...sw.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)].map((m) => m[1] as string)),
  ].filter((url) => !/^https?:/.test(url));
  const files = urls.map((url) => readFileSync(join(distDir, url.replace(/^\//, ""))));
  return {
    entries: urls.length,
    bytes: files.reduce((sum, file) => sum + file.length, 0),
    gzipBytes: files.reduce((sum, file) => sum + gzipSize(file), 0),
    urls,
  };
}
