import type { Page } from "@playwright/test";
import { appPaths } from "../../src/config/routes";
import { profile } from "../../src/content/profile";
import { canonicalLang, directionOf } from "../../src/shared/language";
import { expect, pageSettled, test } from "./fixtures";

/**
 * The site's language (`profile.lang`) on every page, and a right-to-left page that mirrors. The
 * placeholder is English, so the mirrored layout is checked by turning its pages right to left in
 * the browser, as a page with `dir="rtl"` from the build starts out (docs/design.md).
 */
const PAGES = [...appPaths, "/no-such-page"];

/** The page as an Arabic owner's build would serve it. */
async function rightToLeft(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.lang = "ar";
    document.documentElement.dir = "rtl";
  });
}

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on the page`);
  return found;
}

test.describe("language and direction", () => {
  test.use({ serviceWorkers: "block", allowedConsoleErrors: [/status of 404 \(Not Found\)/] });

  test("every page and the manifest carry the content's language and direction", async ({
    page,
    request,
  }) => {
    const lang = canonicalLang(profile.lang);
    const dir = directionOf(profile.lang);
    for (const path of PAGES) {
      const html = await (await request.get(path)).text();
      const tag = /<html[^>]*>/.exec(html)?.[0] ?? "";
      expect(tag, path).toContain(`lang="${lang}"`);
      if (dir === "rtl") expect(tag, path).toContain('dir="rtl"');
      else expect(tag, path).not.toContain("dir=");
    }
    await page.goto("/");
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await request.get(manifestUrl ?? "/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ lang, dir });
  });

  test("right to left at 320 px: the navigation bar and the text mirror, nothing scrolls sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of PAGES) {
      await page.goto(path);
      await pageSettled(page);
      const ltrBrand = await box(page, ".navbar__brand");
      await rightToLeft(page);
      // The brand at the start, which is now the right; the first link right of the second.
      const brand = await box(page, ".navbar__brand");
      expect(brand.x, `${path}: brand`).toBeGreaterThan(320 / 2);
      expect(Math.round(320 - (brand.x + brand.width)), `${path}: brand at the right edge`).toBe(
        Math.round(ltrBrand.x),
      );
      const [first, second] = await page.locator(".navbar__links > li").all();
      const [firstBox, secondBox] = [await first?.boundingBox(), await second?.boundingBox()];
      expect(firstBox?.x ?? 0, `${path}: links in right-to-left order`).toBeGreaterThan(secondBox?.x ?? 0);
      const title = page.locator("main h1").first();
      expect(await title.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });

  test("right to left, the outward arrow points the other way and the page slides in from the right", async ({
    page,
  }) => {
    await page.goto("/project");
    await pageSettled(page);
    await rightToLeft(page);
    const arrow = page.locator(".project-card__link .button__icon").first();
    expect(await arrow.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).a)).toBe(-1);
    // The first page's slide-in (global.css), started again and held at its first frame: 300 px
    // right of its place (left of it, -300, from left to right).
    const from = await page.evaluate(() => {
      const content = document.querySelector<HTMLElement>("main .page--slide-in");
      if (!content) return null;
      content.classList.remove("page--slide-in");
      content.getBoundingClientRect();
      content.classList.add("page--slide-in");
      const [slide] = content.getAnimations();
      if (!slide) return null;
      slide.pause();
      slide.currentTime = 0;
      const x = new DOMMatrix(getComputedStyle(content).transform).m41;
      slide.finish();
      return x;
    });
    expect(from).toBe(300);
  });
});
