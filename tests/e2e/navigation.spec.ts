import { profile } from "../../src/content/profile";
import { expect, holdScript, pageSettled, test } from "./fixtures";

const VIEWPORT = { width: 1280, height: 700 };

test.use({ serviceWorkers: "block" });

test.describe("client-side navigation: scroll, focus and announcement", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(VIEWPORT);
  });

  test("the first page keeps focus where the browser put it and announces nothing", async ({ page }) => {
    await page.goto("/skills");
    await pageSettled(page);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: /·/ })).toHaveCount(0);
  });

  test("a link opens the new page at its top, focuses its heading and announces it; Back restores the position", async ({
    page,
  }) => {
    // The custom scrollbar, wished for by the scroll below, arrives only after Back (a slow network).
    const scrollbar = await holdScript(page, /\/assets\/custom-scrollbar-[^/]+\.js$/);
    await page.goto("/project");
    await pageSettled(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bottom = await page.evaluate(() => window.scrollY);
    expect(bottom).toBeGreaterThan(500);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skills" }).click();
    const heading = page.getByRole("heading", { level: 1, name: "Skills & Technologies" });
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(/\/skills$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(heading).toBeInViewport();
    await expect(page.getByRole("status").filter({ hasText: `Skills · ${profile.name}` })).toHaveCount(1);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "PROJECTS" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: `Projects · ${profile.name}` })).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom);
    // Its attach keeps the reader's place.
    await expect.poll(() => scrollbar.requested()).toBe(true);
    scrollbar.release();
    await expect(page.locator("html")).toHaveAttribute("data-overlayscrollbars", "");
    expect(await page.evaluate(() => window.scrollY)).toBe(bottom);

    await page.goForward();
    await expect(heading).toBeFocused();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the skip link moves focus to the content, on the first page and after a navigation", async ({
    page,
  }) => {
    await page.goto("/");
    await pageSettled(page);
    const skip = page.getByRole("link", { name: "Skip to content" });
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    // Only the hash changed: the first page stays as it was drawn (no second slide-in).
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator("main .page--slide-in")).toHaveCount(1);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact me" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeFocused();
    await skip.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    await expect(page).toHaveURL(/\/contact#main$/);
  });
});
