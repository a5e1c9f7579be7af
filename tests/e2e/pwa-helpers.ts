/** Helpers for the service worker / PWA end-to-end tests (pwa-*.spec.ts). */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

export { expectNoAxeViolations } from "./fixtures";

import { profile } from "../../src/content/profile";

/** Every route and the heading it shows; the last one is a path the app does not know. */
export const PWA_ROUTES = [
  { path: "/", heading: profile.greeting },
  { path: "/skills", heading: "Skills & Technologies" },
  { path: "/project", heading: "PROJECTS" },
  { path: "/contact", heading: "Let's Talk" },
  { path: "/no-such-page", heading: "Page not found" },
] as const;

/**
 * Waits until the worker this page registered is active and controls the page (the first install
 * claims the open page), as the browser itself reports it.
 */
export async function expectWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 20_000,
  });
}

/**
 * The build the controlling worker serves: the `app-build` of the `/index.html` it answers with
 * from its precache (the server may already serve another build).
 */
export function workerVersion(page: Page): Promise<string> {
  return page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) throw new Error("no controlling worker");
    const html = await (await fetch("/index.html")).text();
    const build = /<meta name="app-build" content="([^"]+)"/.exec(html)?.[1];
    if (!build) throw new Error("the worker's /index.html has no app-build meta");
    return build;
  });
}

/** The build a page came from: `<meta name="app-build">`, written by vite.config.ts. */
export function pageBuild(page: Page): Promise<string | null> {
  return page.locator('meta[name="app-build"]').getAttribute("content");
}

export function buildIdOf(dir: string): string {
  const match = /<meta name="app-build" content="([^"]+)"/.exec(
    readFileSync(join(dir, "index.html"), "utf8"),
  );
  if (!match?.[1]) throw new Error(`${dir}/index.html has no app-build meta`);
  return match[1];
}

/**
 * The document the worker should answer a navigation with, per sw/navigation.ts: a route's
 * prerendered page or the not-found page when the build has them, else the app shell.
 */
export function expectedDocument(dist: string, path: string, appRoutes: readonly string[]): string {
  const own =
    path === "/" ? "index.html" : appRoutes.includes(path) ? `${path.slice(1)}/index.html` : "404.html";
  const file = existsSync(join(dist, own)) ? own : "index.html";
  return readFileSync(join(dist, file), "utf8");
}

/**
 * Records every same-origin request for an app file (not /api, /email) that failed or answered
 * 400 or more, from now on.
 */
export function trackAssetFailures(page: Page, origin: string): string[] {
  const failures: string[] = [];
  const isAppFile = (url: string) => {
    const parsed = new URL(url);
    return parsed.origin === origin && !/^\/(?:api|email)\//.test(parsed.pathname);
  };
  page.on("requestfailed", (request) => {
    if (isAppFile(request.url())) failures.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (isAppFile(response.url()) && response.status() >= 400) {
      failures.push(`${response.url()}: HTTP ${response.status()}`);
    }
  });
  return failures;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = "89504e470d0a1a0a";
  if (bytes.subarray(0, 8).toString("hex") !== signature || bytes.subarray(12, 16).toString() !== "IHDR") {
    throw new Error("not a PNG");
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every URL in every Cache Storage cache of the page's origin. */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}
