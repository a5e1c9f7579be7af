import { expect, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";

type Page = import("@playwright/test").Page;

const colours = (page: Page) =>
  page.evaluate(() => {
    const nav = getComputedStyle(document.querySelector(".navbar") as Element);
    const body = getComputedStyle(document.body);
    return {
      navBg: nav.backgroundColor,
      navText: nav.color,
      bodyBg: body.backgroundColor,
      bodyText: body.color,
    };
  });

/** The two themes' palettes as the browser computes them (src/app/global.css). */
const LIGHT = {
  navBg: "rgb(224, 231, 255)",
  navText: "rgb(30, 27, 75)",
  bodyBg: "rgb(255, 255, 255)",
  bodyText: "rgb(15, 23, 42)",
};
const DARK = {
  navBg: "rgb(2, 6, 23)",
  navText: "rgb(226, 232, 240)",
  bodyBg: "rgb(15, 23, 42)",
  bodyText: "rgb(226, 232, 240)",
};

/** Where the animation's knob is drawn, as a share of the switch's width (0 = left edge, 1 = right). */
const knobPosition = (page: Page) =>
  page.evaluate(() => {
    const toggle = document.querySelector('nav [role="switch"]') as Element;
    const knob = toggle.querySelector(".toggle-knob") as Element;
    const outer = toggle.getBoundingClientRect();
    const inner = knob.getBoundingClientRect();
    return (inner.left + inner.width / 2 - outer.left) / outer.width;
  });

test.describe("light/dark toggle", () => {
  test("starts light on every load; a click switches to dark and back", async ({ page }) => {
    await page.goto("/");
    await pageSettled(page);
    await switchAnimated(page);
    expect(await colours(page)).toEqual(LIGHT);
    const toggle = themeSwitch(page);
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    // At once, with no fade: read once (a colour transition would still show the light palette here).
    expect(await colours(page)).toEqual(DARK);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await colours(page)).toEqual(LIGHT);

    await toggle.click();
    await page.reload();
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("works from the keyboard with Space and Enter", async ({ page }) => {
    await page.goto("/");
    await pageSettled(page);
    const toggle = themeSwitch(page);
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect.poll(() => colours(page)).toEqual(DARK);
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect.poll(() => colours(page)).toEqual(LIGHT);
  });

  test("the animation moves the knob across and back, and the switch keeps its size", async ({ page }) => {
    await page.goto("/");
    await switchAnimated(page);
    const toggle = themeSwitch(page);
    const box = await toggle.boundingBox();
    expect(box?.width).toBe(50);
    expect(box?.height).toBe(24);
    // The knob rests at 47/200 of the width unchecked and 153/200 checked (src/assets/lottie/toggle-switch.json).
    expect(await knobPosition(page)).toBeCloseTo(47 / 200, 1);
    await toggle.click();
    await expect.poll(() => knobPosition(page)).toBeCloseTo(153 / 200, 1);
    expect((await toggle.boundingBox())?.width).toBe(50);
    await toggle.click();
    await expect.poll(() => knobPosition(page)).toBeCloseTo(47 / 200, 1);
  });
});
