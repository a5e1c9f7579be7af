import type { Page } from "@playwright/test";
import { appPaths } from "../../src/config/routes";
import { expect, pageSettled, test } from "./fixtures";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce", serviceWorkers: "block" });

const NOT_FOUND = "/no/such/page";
/** Every route, the not-found page included. */
const PAGES = [...appPaths, NOT_FOUND];

/** Phone widths where the four links must share one second row. */
const PHONE_WIDTHS = [360, 375, 390, 414, 430];

/** Its boxes, for a set of elements, as the visitor sees them. */
async function boxes(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return {
        top: Math.round(box.top),
        bottom: Math.round(box.bottom),
        width: box.width,
        height: box.height,
      };
    }),
  );
}

/**
 * WCAG 1.4.10: the document is no wider than the screen, and no box is wider than its own box
 * either (content cut off by a clipping parent is lost too, though nothing scrolls).
 */
async function expectNoSidewaysScroll(page: Page, width: number, path: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("header, header *, main, main *")]
      .filter((element) => !element.closest(".visually-hidden"))
      .filter((element) => !["auto", "scroll"].includes(getComputedStyle(element).overflowX))
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`,
      ),
  );
  expect(overflowing, `${path} at ${width} px: boxes wider than their place`).toEqual([]);
}

/** WCAG 2.5.8: every control (links inside running text excepted) is at least 24×24 px. */
async function expectTargetsAtLeast24(page: Page, path: string) {
  const small = await page
    .locator("a, button, input, textarea, select, [role='switch']")
    .evaluateAll((elements) =>
      elements
        // Links inside a sentence are exempt (WCAG 2.5.8 "inline"); everything else counts.
        .filter((element) => !element.closest("p") && element.getClientRects().length > 0)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return { what: element.outerHTML.slice(0, 80), width: box.width, height: box.height };
        })
        .filter((target) => target.width < 24 || target.height < 24),
    );
  expect(small, `controls under 24×24 px on ${path}`).toEqual([]);
}

/** Lays the loaded page out again at a new width, as a phone turned or a window resized does. */
async function resize(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.waitForFunction((w) => window.innerWidth === w, width);
}

test.describe("phone layout", () => {
  // One visit per page, measured at every width: the layout is CSS alone (media queries on the
  // viewport), so a resized page is laid out as one loaded at that width.
  for (const path of PAGES) {
    test.describe(path, () => {
      // The browser logs the not-found page's 404 status.
      if (path === NOT_FOUND) test.use({ allowedConsoleErrors: [/status of 404/] });
      test(`at every phone width brand and actions on the first row, the four links on one second row; at 320 px (400 % zoom of 1280 px) too, and nothing scrolls sideways`, async ({
        page,
      }) => {
        await page.setViewportSize({ width: 320, height: 640 });
        await page.goto(path);
        await pageSettled(page);
        await expectNoSidewaysScroll(page, 320, path);
        await expectTargetsAtLeast24(page, path);
        const [narrowBrand] = await boxes(page, ".navbar__brand");
        const narrowLinks = await boxes(page, ".navbar__links > li");
        expect(Math.min(...narrowLinks.map((link) => link.top))).toBeGreaterThanOrEqual(
          (narrowBrand?.bottom ?? 0) - 1,
        );
        for (const width of PHONE_WIDTHS) {
          await resize(page, width, 800);
          const [brand] = await boxes(page, ".navbar__brand");
          const [toggle] = await boxes(page, ".navbar [role='switch']");
          const links = await boxes(page, ".navbar__links > li");
          if (!brand || !toggle) throw new Error("navbar not rendered");
          expect(links, path).toHaveLength(4);
          // One row: every link starts at the same height, below the brand and the switch.
          expect(new Set(links.map((link) => link.top)).size, `${path}: link rows at ${width} px`).toBe(1);
          expect(links[0]?.top ?? 0).toBeGreaterThanOrEqual(Math.max(brand.bottom, toggle.bottom) - 1);
          // The switch sits on the brand's row.
          expect(toggle.top, `${path} at ${width} px`).toBeLessThan(brand.bottom);
          await expectNoSidewaysScroll(page, width, path);
          await expectTargetsAtLeast24(page, path);
        }
      });
    });
  }

  test("the dark-mode switch is drawn 50 px wide and can be touched across 44 px of height", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await pageSettled(page);
    const toggle = page.getByRole("navigation", { name: "Main" }).getByRole("switch", { name: "Dark mode" });
    const box = await toggle.boundingBox();
    if (!box) throw new Error("no switch");
    expect(Math.round(box.width)).toBe(50);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    // A finger anywhere from 22 px above to 22 px below the middle lands on the switch.
    const hits = await page.evaluate(
      ({ x, y }) =>
        [-21.5, -15, 0, 15, 21.5].map(
          (dy) => document.elementFromPoint(x, y + dy)?.closest("[role='switch']") !== null,
        ),
      centre,
    );
    expect(hits).toEqual([true, true, true, true, true]);
    await page.mouse.click(centre.x, centre.y + 20);
    await expect(toggle).toHaveAttribute("aria-checked", "true");
  });
});
