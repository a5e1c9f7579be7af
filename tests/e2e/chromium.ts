import { existsSync } from "node:fs";

/**
 * The Chromium the end-to-end tests drive: `CHROMIUM_PATH`, else a system Chromium or Chrome
 * (Debian's `chromium` on CI), else Playwright's own build if one was installed with
 * `npx playwright install chromium`.
 */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
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
