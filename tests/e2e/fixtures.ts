import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test fails if the page logs a console error or throws: a CSP violation, a failed chunk
 * or a React warning surfaces here. Tests that provoke an error on purpose list it in
 * `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleGuard: undefined }>({
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The React app's chunk: requested when src/boot.ts starts React. */
export const REACT_APP = /\/assets\/main-[^/]+\.js$/;

/** The boot module (the inline boot script's entry, src/boot.ts). */
export const BOOT_MODULE = /\/assets\/index-[^/.]+\.js$/;

/** Holds the React app's chunk back until `release` is called, as a slow network would. */
export function holdReact(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  return holdScript(page, REACT_APP);
}

/** Holds the scripts `url` matches back until `release` is called, as a slow network would. */
export async function holdScript(
  page: Page,
  url: RegExp,
): Promise<{ release: () => void; requested: () => boolean }> {
  let release = () => {};
  let requested = false;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/**
 * Starts React as a visitor's touch would (src/boot.ts starts it on need), without touching any
 * control. Repeated until the boot module listens: it arrives after the first paint.
 */
export async function startReact(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          // A touch, pressed and released (React starts at the release).
          document.dispatchEvent(new Event("touchstart"));
          document.dispatchEvent(new Event("touchend"));
          return document.documentElement.hasAttribute("data-react");
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Waits until the routed page is on screen, React has hydrated it (started as a touch would
 * start it; the outbox notice is rendered by the browser only, once hydrated) and its slide-in
 * has finished.
 */
export async function pageSettled(page: Page): Promise<void> {
  await startReact(page);
  await expect(page.locator("main .outbox-notice")).toHaveCount(1, { timeout: 20_000 });
  await pageStill(page);
}

/** The page's heading is shown and nothing in it moves (the slide-in is over); no scripts needed. */
export async function pageStill(page: Page): Promise<void> {
  await expect(page.locator("main h1").first()).toBeVisible();
  await page.waitForFunction(() =>
    (document.querySelector("main")?.getAnimations({ subtree: true }) ?? []).every(
      (animation) => animation.playState !== "running",
    ),
  );
  await page.waitForFunction(() => {
    const content = document.querySelector("main .page");
    return content !== null && new DOMMatrix(getComputedStyle(content).transform).m41 === 0;
  });
}

/** The navbar's dark-mode switch. */
export function themeSwitch(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("switch", { name: "Dark mode" });
}

/**
 * Waits until React runs and the Lottie animation (loaded when the browser is idle after that) has
 * replaced the switch's static stand-in.
 */
export async function switchAnimated(page: Page): Promise<void> {
  await pageSettled(page);
  await expect(page.locator('nav .toggle-switch__lottie[data-ready="true"] svg')).toBeVisible();
}

/**
 * Axe with the app's rule set (WCAG 2.2 A/AA and best practices) on the page as it is now, or on
 * the part `within` selects: a journey's own dialog or notice, where `a11y.spec.ts` has scanned the
 * page around it (a whole-page scan costs seconds of CPU, most of it the colour contrast).
 */
export async function expectNoAxeViolations(page: Page, within?: string): Promise<void> {
  // Let any CSS transition and the notices' slide-in finish first.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter(
        (animation) =>
          animation instanceof CSSTransition ||
          (animation instanceof CSSAnimation && animation.animationName === "pwa-notice-in"),
      )
      .every((animation) => animation.playState !== "running"),
  );
  const axe = new AxeBuilder({ page });
  if (within) axe.include(within);
  const results = await axe
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`,
    ),
  ).toEqual([]);
}
