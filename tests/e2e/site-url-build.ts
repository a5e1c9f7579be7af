/**
 * The second build the browser suite reads: the app built with a public address (VITE_SITE_URL)
 * and its own build id into `dist-site-url/`. The site-url test reads its addresses; the update
 * test serves it as the next version of `dist/`. `npm run build:e2e` makes it after the main build,
 * so the browser suite does not wait for a build; the tests make it themselves when it is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "../..");

export const SITE_URL = "https://portfolio.example.dev";
export const SITE_URL_DIST = join(ROOT, "dist-site-url");
/** Its build id (`<meta name="app-build">` and the worker's version). */
export const SITE_URL_BUILD_ID = "e2e-update-build-b";

/** Builds it; returns vite's exit status and what it printed. */
export function buildWithSiteUrl(): { status: number | null; output: string } {
  const build = spawnSync(
    join(ROOT, "node_modules/.bin/vite"),
    ["build", "--outDir", SITE_URL_DIST, "--emptyOutDir"],
    {
      cwd: ROOT,
      env: { ...process.env, VITE_SITE_URL: SITE_URL, BUILD_ID: SITE_URL_BUILD_ID },
      encoding: "utf8",
    },
  );
  return { status: build.status, output: `${build.stdout}${build.stderr}` };
}

/** The build's folder, built first when missing. */
export function siteUrlDist(): string {
  if (!existsSync(join(SITE_URL_DIST, "index.html"))) {
    const build = buildWithSiteUrl();
    if (build.status !== 0) throw new Error(build.output);
  }
  return SITE_URL_DIST;
}

// As a command (`npm run build:site-url`), not when the test imports it.
if (process.argv[1]?.endsWith("site-url-build.ts")) {
  const build = buildWithSiteUrl();
  process.stdout.write(build.output);
  process.exit(build.status ?? 1);
}
