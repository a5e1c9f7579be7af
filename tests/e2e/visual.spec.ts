import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Page } from "@playwright/test";
import { contentHash } from "../../build/brand";
import { appPaths } from "../../src/config/routes";
import { e2eChromium } from "./chromium";
import { expect, pageSettled, test, themeSwitch } from "./fixtures";

/**
 * Screenshots that guard the design (docs/design.md): every page at a phone's and a desktop's
 * width, in both themes, against the baselines in `visual.spec.ts-snapshots/`. Fonts are the
 * site's own (waited for), motion is reduced (no slide, no wave) and the worker is blocked (no
 * notices). `npm run test:visual:update` accepts an intended change and records which content the
 * baselines show: with other content (a rebrand) they cannot match, so the suite is skipped and
 * says how to take them again.
 */
const CONTENT_FILE = join(import.meta.dirname, "visual.spec.ts-snapshots", "content.sha256");
const PAGES = [...appPaths, "/no-such-page"];
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

test.use({
  reducedMotion: "reduce",
  serviceWorkers: "block",
  // The not-found page is answered with its status, which Chromium logs.
  allowedConsoleErrors: [/status of 404 \(Not Found\)/],
});

// Each test is its own visit: they may run on both workers at once.
test.describe.configure({ mode: "parallel" });

/**
 * Skips the suite when the baselines show other content (and records the content when taking them),
 * or in another browser than the one that draws them: text hinting differs by 1–2 % of the pixels.
 */
function baselinesOfThisContent() {
  test.skip(
    !/headless[-_]shell/.test(e2eChromium() ?? ""),
    "the baselines are drawn by Chromium's headless shell, which the suite does not run in here: `apt-get install chromium-headless-shell`",
  );
  const updating = ["all", "changed"].includes(test.info().config.updateSnapshots);
  if (updating) {
    mkdirSync(dirname(CONTENT_FILE), { recursive: true });
    writeFileSync(CONTENT_FILE, `${contentHash()}\n`);
  }
  const recorded = existsSync(CONTENT_FILE) ? readFileSync(CONTENT_FILE, "utf8").trim() : "";
  test.skip(
    recorded !== contentHash(),
    "the baselines show other content than src/content/: run `npm run test:visual:update` to take them again",
  );
}

/** Every picture in, the lazy ones below the fold too, so that a full-page shot is complete. */
async function picturesIn(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = "eager";
    await Promise.all([document.fonts.ready, ...images.map((image) => image.decode().catch(() => {}))]);
  });
}

test.describe("the design, page by page", () => {
  test.beforeAll(baselinesOfThisContent);

  // One visit per page and width: the light shot, then the dark one (each visit waits for React).
  for (const path of PAGES) {
    for (const [device, viewport] of Object.entries(WIDTHS)) {
      test(`${path} on a ${device}, light and dark`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await pageSettled(page);
        await picturesIn(page);
        await shotsInBothThemes(page, `${path === "/" ? "home" : path.slice(1)}-${device}`);
      });
    }
  }
});

/** The page as it is (light), then dark: `<name>-light.png` and `<name>-dark.png`; a difference in one still compares the other. */
async function shotsInBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    if (theme === "dark") {
      await themeSwitch(page).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    }
    await expect.soft(page).toHaveScreenshot(`${name}-${theme}.png`, {
      fullPage: true,
      // The switch animates with Lottie, frame by frame: its own tests cover it.
      mask: [themeSwitch(page)],
      maxDiffPixelRatio: 0.002,
    });
  }
}

/**
 * A right-to-left page on a phone: the placeholder's pages turned right to left in the browser, as
 * a build for an Arabic owner serves them (`dir="rtl"` from `profile.lang`). The navigation bar,
 * hero, buttons, form and cards mirror (tests/e2e/rtl.spec.ts checks the same in numbers).
 */
test.describe("the design, right to left", () => {
  test.beforeAll(baselinesOfThisContent);

  for (const path of ["/", "/contact"]) {
    test(`${path} right to left on a phone, light and dark`, async ({ page }) => {
      await page.setViewportSize(WIDTHS.phone);
      await page.goto(path);
      await pageSettled(page);
      await page.evaluate(() => {
        document.documentElement.lang = "ar";
        document.documentElement.dir = "rtl";
      });
      await picturesIn(page);
      await shotsInBothThemes(page, `${path === "/" ? "home" : path.slice(1)}-rtl-phone`);
    });
  }
});
