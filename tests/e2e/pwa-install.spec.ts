import type { Page } from "@playwright/test";
import { expect, pageSettled, test } from "./fixtures";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce" });

/**
 * Chromium fires `beforeinstallprompt` only when its own engagement heuristics allow it, which a
 * headless test cannot rely on. The test fires the event itself, shaped like the browser's (a
 * cancelable event with `prompt()` and `userChoice`), and counts the calls to `prompt()`: what is
 * under test is the page's reaction to the event.
 */
async function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const calls = window as unknown as { promptCalls: number };
    calls.promptCalls ??= 0;
    const offer = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(offer, {
      prompt: async () => {
        calls.promptCalls += 1;
        return { outcome: "accepted" };
      },
      userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }),
    });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  });
}

const promptCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { promptCalls?: number }).promptCalls ?? 0);

const installButton = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Install app" });

// The button's logic (the offer taken, one prompt, gone when used or installed, never when running
// installed) is unit-tested in tests/unit/pwa-install-button.test.tsx; here, the browser's events,
// the keyboard and the phone's navigation bar, in one visit.
test.describe("the Install button", () => {
  test("is hidden until the browser offers installation, fits the bar at 375 px as an icon with its name, prompts once from the keyboard, and goes away; a new offer goes on appinstalled", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await pageSettled(page);
    await expect(installButton(page)).toHaveCount(0);

    // The page takes over the offer (no mini-infobar) and shows its button.
    expect(await offerInstall(page)).toBe(true);
    const button = installButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveText("Install");
    const box = await button.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(40);
    const toggle = await page.getByRole("switch", { name: "Dark mode" }).boundingBox();
    expect(
      Math.abs((box?.y ?? 0) + (box?.height ?? 0) / 2 - ((toggle?.y ?? 0) + (toggle?.height ?? 0) / 2)),
    ).toBeLessThan(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await button.focus();
    await page.keyboard.press("Enter");
    expect(await promptCalls(page)).toBe(1);
    // An offer can be used once.
    await expect(button).toHaveCount(0);

    // A new offer (the visitor declined earlier), then the browser reports the installation.
    await offerInstall(page);
    await expect(button).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect(button).toHaveCount(0);
    expect(await promptCalls(page)).toBe(1);
  });
});
