import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { chromium } from "@playwright/test";

function executable(path: string | undefined): path is string {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` found as an executable in a folder of `PATH`. */
export function onPath(...names: string[]): string | undefined {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of names) {
    const found = dirs.map((dir) => join(dir, name)).find(executable);
    if (found) return found;
  }
  return undefined;
}

/**
 * The Chromium the end-to-end tests and the bench drive: `CHROMIUM_PATH` when it is set (and nothing
 * else then: a wrong setting is reported, not worked around), else a system Chromium or Chrome on `PATH`
 * (Debian's `chromium` on CI) or in macOS's Applications, else Playwright's own build if one was
 * installed with `npx playwright install chromium`. `tests/support/prepare-machine.ts`, the first step
 * of `npm test`, installs one when none is found.
 */
export function findChromium(): string | undefined {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return executable(configured) ? configured : undefined;
  const system =
    onPath("chromium", "chromium-browser", "google-chrome", "google-chrome-stable") ??
    [
      "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
      "/Applications/Chromium.app/Contents/MacOS/Chromium",
    ].find(executable);
  if (system) return system;
  const playwrightBuild = chromium.executablePath();
  return executable(playwrightBuild) ? playwrightBuild : undefined;
}

/** Debian's package `chromium-headless-shell` puts its binary here, next to the full browser's. */
const DEBIAN_HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * Chromium's headless shell (`chromium-headless-shell`: the same Blink, V8 and Skia without the
 * browser's UI layer), which the end-to-end suite runs in when there is one and `CHROMIUM_PATH` is
 * not set. A new page costs its renderer about 0.05 CPU-seconds here against 1.1 in the full
 * browser's headless mode, which is most of what a browser test costs. It has no Background Sync:
 * the outbox's specs run in the full browser (`playwright.config.ts`).
 */
export function findHeadlessShell(): string | undefined {
  if (process.env.CHROMIUM_PATH) return undefined;
  return (
    onPath("chromium-headless-shell") ??
    (executable(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : undefined)
  );
}

/** The Chromium the end-to-end suite runs in, but for the outbox: the headless shell, else the browser. */
export function e2eChromium(): string | undefined {
  return findHeadlessShell() ?? findChromium();
}

/** Flags for a headless Chromium on a machine with a closed network, running as root. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--no-first-run",
];
