import { readFileSync } from "node:fs";
import { join } from "node:path";
import pngjs from "pngjs";
import {
  BOOT_MODULE,
  expect,
  holdReact,
  holdScript,
  pageSettled,
  pageStill,
  switchAnimated,
  test,
  themeSwitch,
} from "./fixtures";
import { ROOT } from "./server";

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
      // The browser's own controls and scrollbars follow the theme (set by the stylesheet alone).
      scheme: getComputedStyle(document.documentElement).colorScheme,
    };
  });

/** A theme's page and navigation-bar colours as the browser computes them, from src/app/tokens.css. */
function palette(theme: "light" | "dark") {
  const css = readFileSync(join(ROOT, "src/app/tokens.css"), "utf8");
  const block = css.slice(css.indexOf(`[data-theme="${theme}"] {`));
  const token = (name: string) => {
    const value = new RegExp(`--${name}:\\s*([^;]+);`).exec(block)?.[1] ?? "";
    const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
    if (hex)
      return `rgb(${hex
        .slice(1)
        .map((pair) => Number.parseInt(pair, 16))
        .join(", ")})`;
    const [r, g, b, a] = value.match(/[\d.]+/g) ?? [];
    return `rgba(${r}, ${g}, ${b}, ${a})`;
  };
  return {
    navBg: token("color-nav"),
    navText: token("color-text"),
    bodyBg: token("color-bg"),
    bodyText: token("color-text"),
    scheme: theme,
  };
}
const LIGHT = palette("light");
const DARK = palette("dark");

/** A held click on "Projects" made while dark, once React routes it: `/project`, still dark. */
async function expectDarkProjects(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PROJECTS");
  expect(new URL(page.url()).pathname).toBe("/project");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "true");
  expect(await colours(page)).toEqual(DARK);
}

/**
 * Starts counting frames: the returned function gives how many began between the switch's turn
 * (`aria-checked`) and the page's theme (`data-theme`). The switch turns in the tap's own frame and
 * the page's colours follow a frame later, so a slow phone shows the answer before the restyle.
 */
async function framesFromTurnToTheme(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { framesBetween: Promise<number> };
    w.framesBetween = new Promise((resolve) => {
      let frames = 0;
      let turned: number | undefined;
      const tick = () => {
        frames++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      new MutationObserver((records, observer) => {
        for (const { attributeName } of records) {
          if (attributeName === "aria-checked") turned ??= frames;
          if (attributeName === "data-theme") {
            observer.disconnect();
            resolve(frames - (turned ?? frames));
          }
        }
      }).observe(document.documentElement, {
        subtree: true,
        attributes: true,
        attributeFilter: ["aria-checked", "data-theme"],
      });
    });
  });
  return () => page.evaluate(() => (window as unknown as { framesBetween: Promise<number> }).framesBetween);
}

/** Where the animation's knob is drawn, as a share of the switch's width (0 = left edge, 1 = right). */
const knobPosition = (page: Page) =>
  page.evaluate(() => {
    const toggle = document.querySelector('nav [role="switch"]') as Element;
    const knob = toggle.querySelector(".toggle-knob") as Element;
    const outer = toggle.getBoundingClientRect();
    const inner = knob.getBoundingClientRect();
    return (inner.left + inner.width / 2 - outer.left) / outer.width;
  });

/**
 * The pixels of two same-sized screenshots that differ by more than anti-aliasing does: Chromium
 * draws the same SVG in two layers with edge pixels up to 14 levels (of 255) apart.
 */
function pixelsApart(a: Buffer, b: Buffer): string[] {
  const [first, second] = [a, b].map((image) => pngjs.PNG.sync.read(image));
  if (!first || !second || first.width !== second.width || first.height !== second.height)
    return ["sizes differ"];
  const apart: string[] = [];
  for (let i = 0; i < first.data.length; i += 4) {
    const gap = Math.max(
      ...[0, 1, 2, 3].map((k) => Math.abs((first.data[i + k] ?? 0) - (second.data[i + k] ?? 0))),
    );
    if (gap > 32) apart.push(`(${(i / 4) % first.width}, ${Math.floor(i / 4 / first.width)}): ${gap}`);
  }
  return apart;
}

test.use({ serviceWorkers: "block" });

test.describe("light/dark toggle", () => {
  // One visit for the switch's clicks, keys and knob: each visit waits for React and the animation.
  test("starts light on every load; a click switches to dark and back, moving the knob across and back at one size; so do Space and Enter", async ({
    page,
  }) => {
    await page.goto("/");
    await pageSettled(page);
    await switchAnimated(page);
    expect(await colours(page)).toEqual(LIGHT);
    const toggle = themeSwitch(page);
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    const box = await toggle.boundingBox();
    expect(box?.width).toBe(50);
    expect(box?.height).toBe(24);
    // The knob rests at 47/200 of the width unchecked and 153/200 checked (src/assets/lottie/toggle-switch.json).
    expect(await knobPosition(page)).toBeCloseTo(47 / 200, 1);

    const framesBetween = await framesFromTurnToTheme(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await framesBetween()).toBeGreaterThanOrEqual(1);
    // At once, with no fade: read once (a colour transition would still show the light palette here).
    expect(await colours(page)).toEqual(DARK);
    await expect.poll(() => knobPosition(page)).toBeCloseTo(153 / 200, 1);
    expect((await toggle.boundingBox())?.width).toBe(50);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    expect(await colours(page)).toEqual(LIGHT);
    await expect.poll(() => knobPosition(page)).toBeCloseTo(47 / 200, 1);

    await test.step("works from the keyboard with Space and Enter", async () => {
      await toggle.focus();
      await page.keyboard.press("Space");
      await expect(toggle).toHaveAttribute("aria-checked", "true");
      await expect.poll(() => colours(page)).toEqual(DARK);
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-checked", "false");
      await expect.poll(() => colours(page)).toEqual(LIGHT);
    });

    await toggle.click();
    await page.reload();
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("dark chosen right after the load stays dark through a navbar click made before React started; a reload starts light", async ({
    page,
  }) => {
    // React's chunk is held back: the link is clicked before React has started.
    const { release } = await holdReact(page);
    await page.goto("/");
    // The boot module runs (it counted the outbox): the page is as a visitor finds it after the load.
    await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
    const framesBetween = await framesFromTurnToTheme(page);
    await themeSwitch(page).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    expect(await framesBetween()).toBeGreaterThanOrEqual(1);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-react"))).toBe(false);

    release();
    await expectDarkProjects(page);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    expect(await colours(page)).toEqual(LIGHT);
  });

  test("dark chosen before the boot module ran stays dark through a navbar click made then", async ({
    page,
  }) => {
    // The boot module is held back: only the inline boot script runs.
    const { release, requested } = await holdScript(page, BOOT_MODULE);
    // Not "load": the boot module, added after the first paint, holds the load event back with it.
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await expect.poll(requested).toBe(true);
    await themeSwitch(page).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
    expect(new URL(page.url()).pathname).toBe("/");

    release();
    await expectDarkProjects(page);
  });

  for (const dark of [false, true]) {
    test(`the switch looks the same before React and once the animation draws it (${dark ? "dark" : "light"})`, async ({
      page,
    }) => {
      const { release } = await holdReact(page);
      await page.goto("/");
      await pageStill(page);
      const toggle = themeSwitch(page);
      if (dark) {
        await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
        await toggle.click();
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      }
      // No hover and no focus ring in either shot.
      await page.mouse.move(0, 600);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const before = await toggle.screenshot({ animations: "disabled" });
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-react"))).toBe(false);
      // The animation's stylesheet, prerendered in the head (build/library-styles.ts).
      const prerendered = await page.evaluateHandle(() =>
        document.head.querySelector('style[data-href="lottie-display"]'),
      );

      release();
      await switchAnimated(page);
      await expect(toggle).toHaveAttribute("aria-checked", String(dark));
      await expect(page.locator("nav .toggle-switch__static")).toHaveCount(0);
      // React used it and inserted none of its own (one would go first in the head, before the
      // page's stylesheet: the browser then restyled and laid out the whole page again).
      const hoisted = await page.evaluate(
        (style) => [...document.querySelectorAll("style[data-precedence]")].map((s) => s === style),
        prerendered,
      );
      expect(hoisted).toEqual([true]);
      const after = await toggle.screenshot({ animations: "disabled" });
      expect(pixelsApart(before, after)).toEqual([]);
    });
  }
});
