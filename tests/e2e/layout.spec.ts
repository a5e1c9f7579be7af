import type { Page } from "@playwright/test";
import { expect, pageSettled, test } from "./fixtures";

const SMALL = { width: 375, height: 800 };
const LARGE = { width: 1280, height: 800 };

test.use({ serviceWorkers: "block" });

test.describe("responsive layout", () => {
  // Motion is not the subject here (the page transition's tests below).
  test.use({ reducedMotion: "reduce" });

  // One visit, resized: the layout is CSS alone.
  test("at 375 px the navbar puts its links on a second row and the skills grid has 1 column; at 1280 px the links are inline and the grid has 3", async ({
    page,
  }) => {
    await page.setViewportSize(SMALL);
    await page.goto("/skills");
    await pageSettled(page);
    const navbar = async () => {
      const brand = await page.locator(".navbar__brand").boundingBox();
      const links = await page.locator(".navbar__links").boundingBox();
      const toggle = await page.getByRole("switch", { name: "Dark mode" }).boundingBox();
      if (!brand || !links || !toggle) throw new Error("navbar not rendered");
      return { brand, links, toggle };
    };
    const columns = async () =>
      new Set(
        await page
          .locator(".skills-grid > li")
          .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left))),
      ).size;

    const small = await navbar();
    expect(small.links.y).toBeGreaterThanOrEqual(small.brand.y + small.brand.height);
    expect(small.toggle.y).toBeLessThan(small.links.y);
    expect(small.links.x + small.links.width).toBeLessThanOrEqual(SMALL.width);
    // Nothing on the page scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL.width);
    expect(await columns()).toBe(1);

    await page.setViewportSize(LARGE);
    await page.waitForFunction((width) => window.innerWidth === width, LARGE.width);
    const large = await navbar();
    expect(large.links.x).toBeGreaterThan(large.brand.x + large.brand.width);
    expect(
      Math.abs(large.links.y + large.links.height / 2 - (large.brand.y + large.brand.height / 2)),
    ).toBeLessThan(8);
    expect(await columns()).toBe(3);
  });
});

test.describe("page transition", () => {
  test("the first page slides in from -300 px over 1 s", async ({ page }) => {
    await page.goto("/skills");
    // Read the animation the page runs from the CSSOM: deterministic however late the test looks.
    const slide = await page.locator("main .page").evaluate((element) => {
      const style = getComputedStyle(element);
      const rule = [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .find((r): r is CSSKeyframesRule => r instanceof CSSKeyframesRule && r.name === style.animationName);
      return {
        name: style.animationName,
        duration: style.animationDuration,
        from: rule?.findRule("0%")?.style.transform,
        to: rule?.findRule("100%")?.style.transform,
      };
    });
    expect(slide).toMatchObject({ name: "page-slide-in", duration: "1s", to: "none" });
    // From the inline start: -300 px times --inline-sign (1 left to right, -1 right to left; the
    // minifier may write translateX as translate).
    expect(slide.from).toMatch(/^translateX?\(calc\(-300px \* var\(--inline-sign\)\)\)$/);
  });

  for (const [nth, from, to, heading] of [
    ["first", "/", "Skills", "Skills & Technologies"],
    ["second", "/skills", "Projects", "PROJECTS"],
  ] as const) {
    // The first navigation slides with CSS (motion is fetched on that very intent); later ones
    // with framer-motion. The visitor sees the same slide either way.
    test(`the ${nth} client-side navigation slides the new page in from -300 px over 1 s`, async ({
      page,
    }) => {
      await page.goto(from);
      await pageSettled(page);
      if (nth === "second") {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home Page" }).click();
        await pageSettled(page);
      }
      // Record the new page's x offset on every frame from the click on.
      await page.evaluate((title) => {
        const samples: Array<[number, number]> = [];
        (window as unknown as { slideSamples: typeof samples }).slideSamples = samples;
        addEventListener("click", () => Object.assign(window, { clickedAt: performance.now() }), {
          once: true,
        });
        const sample = () => {
          const element = document.querySelector("main .page");
          if (element && element.querySelector("h1")?.textContent === title)
            samples.push([performance.now(), new DOMMatrix(getComputedStyle(element).transform).m41]);
          if (samples.length < 1000) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
      }, heading);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: to }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.waitForFunction(() => {
        const samples = (window as unknown as { slideSamples: Array<[number, number]> }).slideSamples;
        return samples.length > 0 && samples.at(-1)?.[1] === 0;
      });
      const { samples, clickedAt } = await page.evaluate(() => {
        const recorded = window as unknown as { slideSamples: Array<[number, number]>; clickedAt: number };
        return { samples: recorded.slideSamples, clickedAt: recorded.clickedAt };
      });
      const [, firstX] = samples[0] ?? [0, 0];
      const endTime = samples.find(([, x]) => x === 0)?.[0] ?? 0;
      expect(firstX).toBeLessThanOrEqual(-250);
      const xs = samples.map(([, x]) => x);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      // The slide is time-based and starts after the click: it cannot reach 0 before 1 s has passed
      // (a frame's rounding aside), however busy the machine; its first frame can come late.
      expect(endTime - clickedAt).toBeGreaterThan(980);
    });
  }

  test("nothing moves under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const transform = () =>
      page.locator("main .page").evaluate((element) => getComputedStyle(element).transform);
    expect(await transform()).toBe("none");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
    const heading = page.getByRole("heading", { level: 1, name: "PROJECTS" });
    await expect(heading).toBeVisible();
    // The new page's container as it is drawn. Its first render (while the motion chunk arrives) can be
    // replaced between finding the heading and reading its style: read again, never wait for a value.
    let newPageTransform: string | null = null;
    while (newPageTransform === null) {
      newPageTransform = await heading.evaluate((element) => {
        const container = element.closest(".page");
        return container?.isConnected ? getComputedStyle(container).transform : null;
      });
    }
    expect(["none", "matrix(1, 0, 0, 1, 0, 0)"]).toContain(newPageTransform);
  });
});

/**
 * Presses `key` until `arrived` holds in the page. Keyboard scrolling is animated, and a busy
 * machine may still be laying the page out when the first press lands: pressed again, not timed.
 */
async function scrollWithKey(page: Page, key: string, arrived: () => boolean) {
  await expect(async () => {
    await page.keyboard.press(key);
    await page.waitForFunction(arrived, undefined, { timeout: 5_000 });
  }).toPass();
}

test.describe("custom scrollbar", () => {
  test("an overlay scrollbar with a 30 px minimum thumb that hides after scrolling; native scrolling kept", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/project");
    await pageSettled(page);
    const scrollbar = page.locator(".os-scrollbar-vertical");
    // The library attaches at the first wish to scroll once React runs (here the wheel, once the
    // scrolling stopped); the native bar shows until then.
    await expect(scrollbar).toHaveCount(0);
    await page.mouse.move(600, 300);
    await page.mouse.wheel(0, 100);
    await expect(scrollbar).toHaveCount(1);
    const minHandle = await page
      .locator(".os-scrollbar-vertical .os-scrollbar-handle")
      .evaluate((handle) => getComputedStyle(handle).minHeight);
    expect(minHandle).toBe("30px");
    const fade = await scrollbar.evaluate((bar) => getComputedStyle(bar).transitionDuration);
    expect(fade.split(",")[0]?.trim()).toBe("0.2s");

    // Keyboard and wheel scroll the page natively.
    await scrollWithKey(
      page,
      "End",
      () => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight,
    );
    await scrollWithKey(page, "Home", () => scrollY === 0);
    // Auto-hide: record in the page when the last scroll event came, whether the bar showed
    // after it, and when it hid.
    await scrollbar.evaluate((bar) => {
      const HIDDEN = "os-scrollbar-auto-hide-hidden";
      const times = { lastScroll: 0, shown: false, hidden: 0 };
      (window as unknown as { scrollbarTimes: typeof times }).scrollbarTimes = times;
      document.addEventListener(
        "scroll",
        () => {
          times.lastScroll = performance.now();
          times.hidden = 0;
          times.shown ||= !bar.classList.contains(HIDDEN);
        },
        { capture: true, passive: true },
      );
      new MutationObserver(() => {
        if (!times.lastScroll) return;
        if (!bar.classList.contains(HIDDEN)) times.shown = true;
        else if (!times.hidden) times.hidden = performance.now();
      }).observe(bar, { attributes: true, attributeFilter: ["class"] });
    });
    await page.mouse.move(600, 300);
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const times = () =>
      page.evaluate(
        () =>
          (window as unknown as { scrollbarTimes: { lastScroll: number; shown: boolean; hidden: number } })
            .scrollbarTimes,
      );
    // Shown by the scroll, then hidden: waited for as events in the page, however busy the machine.
    await expect.poll(async () => (await times()).hidden).toBeGreaterThan(0);
    const { lastScroll, shown, hidden } = await times();
    expect(shown).toBe(true);
    // Not before 1000 ms after the last scroll (timers never fire early; 50 ms for the clocks'
    // rounding). A busy machine may fire the timer late, so there is no upper bound.
    expect(hidden - lastScroll).toBeGreaterThanOrEqual(950);
  });
});
