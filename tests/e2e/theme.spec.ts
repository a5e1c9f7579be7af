import { expect, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";

const colours = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({
    nav: getComputedStyle(document.querySelector(".navbar") as Element).backgroundColor,
    body: getComputedStyle(document.body).backgroundColor,
  }));

test.describe("light/dark toggle", () => {
  test("starts light on every load; a click switches to dark and back", async ({ page }) => {
    await page.goto("/");
    await pageSettled(page);
    await switchAnimated(page);
    const light = await colours(page);
    const toggle = themeSwitch(page);
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect.poll(() => colours(page)).not.toEqual(light);
    const dark = await colours(page);
    expect(dark.nav).not.toBe(light.nav);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect.poll(() => colours(page)).toEqual(light);

    await toggle.click();
    await page.reload();
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("works from the keyboard with Space and Enter", async ({ page }) => {
    await page.goto("/");
    await pageSettled(page);
    const light = await colours(page);
    const toggle = themeSwitch(page);
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect.poll(() => colours(page).then((now) => now.nav)).not.toBe(light.nav);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect.poll(() => colours(page)).toEqual(light);
  });

  test("the animation plays to the checked frame, and the switch keeps its size", async ({ page }) => {
    await page.goto("/");
    await switchAnimated(page);
    const toggle = themeSwitch(page);
    const box = await toggle.boundingBox();
    expect(box?.width).toBe(50);
    expect(box?.height).toBe(24);
    const before = await toggle.screenshot();
    await toggle.click();
    await page.waitForTimeout(1200);
    expect(Buffer.compare(before, await toggle.screenshot())).not.toBe(0);
    expect((await toggle.boundingBox())?.width).toBe(50);
  });
});
