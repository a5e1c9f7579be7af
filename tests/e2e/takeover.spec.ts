import type { Page } from "@playwright/test";
import { CHROMIUM_ARGS, e2eChromium } from "./chromium";
import { expect, holdReact, pageSettled, pageStill, startReact, test } from "./fixtures";

/**
 * Issue 26, R-2.8, R-9.3: when React takes over a prerendered page and the custom scrollbar attaches
 * after it, the visitor sees nothing happen. Headless Chromium hides its scrollbars; these tests
 * show them, so that the native scrollbar takes room and is then replaced, as on a desktop.
 */
const executablePath = e2eChromium();
test.use({
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ["--hide-scrollbars"],
  },
});

// Each test is its own visit: they may run on both workers at once (the suite's last file).
test.describe.configure({ mode: "parallel" });

interface Sample {
  left: number;
  top: number;
  react: boolean;
  scrollbar: boolean;
}

/**
 * Records in every frame from now on the main heading's position or the focused element's ring,
 * with whether React runs and the custom scrollbar is attached.
 */
function sampleEveryFrame(page: Page, what: "heading" | "focus"): Promise<void> {
  return page.evaluate((what) => {
    const readIt = () => {
      if (what === "heading") {
        const box = document.querySelector("main h1")?.getBoundingClientRect();
        return { left: box?.left, top: box?.top };
      }
      const link = document.activeElement;
      return {
        text: link?.textContent,
        ring: link?.matches(":focus-visible"),
        outline: link && getComputedStyle(link).outlineStyle,
      };
    };
    const samples: unknown[] = [];
    (window as unknown as { samples: unknown[] }).samples = samples;
    const html = document.documentElement;
    const frame = () => {
      samples.push({
        ...readIt(),
        react: html.hasAttribute("data-react"),
        scrollbar: html.hasAttribute("data-overlayscrollbars"),
      });
      requestAnimationFrame(frame);
    };
    frame();
  }, what);
}

/**
 * Starts React, turns the wheel upwards at the top of the page (nothing scrolls; the scrollbar
 * attaches on a wish to scroll, src/app/use-custom-scrollbar.ts) and waits until it attached and two
 * more seconds went by; returns the samples.
 */
async function takeOver<T>(
  page: Page,
  release: () => void,
): Promise<(T & Pick<Sample, "react" | "scrollbar">)[]> {
  release();
  await startReact(page);
  await page.mouse.move(200, 200);
  await page.mouse.wheel(0, -100);
  await expect(page.locator("html")).toHaveAttribute("data-overlayscrollbars", "", { timeout: 20_000 });
  // An observation window, not a timed assertion: whatever follows the attach has time to show.
  await page.waitForTimeout(2000);
  return page.evaluate(() => (window as unknown as { samples: never[] }).samples);
}

test.describe("React takes over without a seam", () => {
  // The worker is not the subject (its notice is, below): its install would precache the site in each visit.
  test.use({ allowedConsoleErrors: [/status of 404/], serviceWorkers: "block" });

  for (const path of ["/", "/skills", "/project", "/contact", "/no-such-page"]) {
    test(`${path}: the heading stays put from the end of the slide-in through React's start and the scrollbar's attach`, async ({
      page,
    }) => {
      const { release } = await holdReact(page);
      await page.goto(path);
      await pageStill(page);
      // The native scrollbar takes room here: replacing it is part of what is checked.
      const gap = await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth);
      expect(gap).toBeGreaterThan(0);
      await sampleEveryFrame(page, "heading");
      const [first, ...samples] = await takeOver<Pick<Sample, "left" | "top">>(page, release);
      // The samples span React's start and the attach: neither happened before sampling began.
      expect(first).toMatchObject({ react: false, scrollbar: false });
      expect(samples.filter((sample) => sample.scrollbar).length).toBeGreaterThan(10);
      const moved = samples.filter((sample) => sample.left !== first?.left || sample.top !== first?.top);
      expect(moved, `the heading was at ${first?.left}, ${first?.top}`).toEqual([]);
    });
  }

  test("a keyboard user's focus ring on a navbar link stays drawn through React's start and the scrollbar's attach", async ({
    page,
  }) => {
    const { release } = await holdReact(page);
    await page.goto("/");
    await pageStill(page);
    const projects = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" });
    // Tab moves from link to link without starting React.
    for (
      let presses = 0;
      presses < 10 && !(await projects.evaluate((link) => link === document.activeElement));
      presses++
    )
      await page.keyboard.press("Tab");
    await expect(projects).toBeFocused();
    await sampleEveryFrame(page, "focus");
    const samples = await takeOver<{ text: string; ring: boolean; outline: string }>(page, release);
    expect(samples[0]).toMatchObject({ react: false, scrollbar: false, text: "Projects", ring: true });
    const lost = samples.filter(
      (sample) => sample.text !== "Projects" || !sample.ring || sample.outline === "none",
    );
    expect(lost).toEqual([]);
  });
});

test.describe("the worker's first-visit notice", () => {
  test("a notice at the viewport's end keeps its place when the scrollbar attaches", async ({ page }) => {
    await page.goto("/");
    await pageSettled(page);
    const notice = page.getByRole("group", { name: "Ready to work offline" });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await notice.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    const before = await notice.boundingBox();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-overlayscrollbars"))).toBe(
      false,
    );
    // The wheel turned over it (the page is at its top): the notice stays, and the scrollbar attaches.
    await page.mouse.move((before?.x ?? 0) + (before?.width ?? 0) - 4, (before?.y ?? 0) + 8);
    await page.mouse.wheel(0, -100);
    await expect(page.locator("html")).toHaveAttribute("data-overlayscrollbars", "", { timeout: 20_000 });
    expect(await notice.boundingBox()).toEqual(before);
  });
});
