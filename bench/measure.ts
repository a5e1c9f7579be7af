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
  files: string[];
  /** JavaScript a visit to the page downloads before it is interactive, gzip bytes. */
  jsGzip: number;
}

/** The scripts a page loads up front: its module entry and every `modulepreload`. */
export function firstLoadJs(distDir: string): FirstLoad[] {
  return ROUTE_PAGES.map(({ route, file }) => {
    const html = readFileSync(join(distDir, file), "utf8");
    const files = [
      ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
      ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
    ].map((match) => match[1] as string);
    const unique = [...new Set(files)];
    return {
      route,
      files: unique,
      jsGzip: unique.reduce((sum, f) => sum + gzipSize(readFileSync(join(distDir, f))), 0),
    };
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
