import type { Browser, Page } from "@playwright/test";
import { screenshotsCurrent } from "../../build/brand";
import { routes } from "../../src/config/routes";
import { appText } from "../../src/content/app";
import { profile } from "../../src/content/profile";
import { INSTALL_HELP_DISMISSED_KEY } from "../../src/features/pwa/install-help";
import { expect, expectNoAxeViolations, pageSettled, test } from "./fixtures";

/** Real user-agent strings of the browsers that install from their own menu. */
const USER_AGENTS = {
  iPhoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
} as const;

const installButton = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Install app" });
const helpDialog = (page: Page) => page.getByRole("dialog", { name: "Install this app" });

async function phone(browser: Browser, userAgent: string) {
  return browser.newContext({
    userAgent,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
}

test.use({ serviceWorkers: "block" });

test.describe("install help where the browser makes no offer", () => {
  test("an iPhone in Safari is shown Share → Add to Home Screen, until it says Don't show again", async ({
    browser,
  }) => {
    const context = await phone(browser, USER_AGENTS.iPhoneSafari);
    const page = await context.newPage();
    await page.goto("/");
    await pageSettled(page);

    await installButton(page).click();
    const dialog = helpDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("listitem")).toHaveText([
      /Tap Share in the browser's toolbar/,
      /Choose Add to Home Screen/,
      /Tap Add/,
    ]);
    // The steps show the icons Safari shows.
    await expect(dialog.locator(".install-help__icon svg")).toHaveCount(2);
    // The navigation bar still fits the phone with the button in it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "dialog[open], nav");

    await dialog.getByRole("button", { name: "Don't show again" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(installButton(page)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), INSTALL_HELP_DISMISSED_KEY)).toBe("1");
    // Remembered on the device.
    await page.reload();
    await pageSettled(page);
    await expect(page.getByRole("switch", { name: "Dark mode" })).toBeVisible();
    await expect(installButton(page)).toHaveCount(0);
    await context.close();
  });

  // Safari on macOS and Firefox for Android: which browser gets which steps is
  // tests/unit/features/install-help.test.ts, the steps each is shown install-help-dialog.test.tsx;
  // no install control once installed (display-mode, iOS's navigator.standalone):
  // tests/unit/pwa-install-button.test.tsx.
});

test.describe("what installers read", () => {
  test("the manifest's identity, launch and listing fields, and the tags iOS reads", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      id: "/",
      scope: "/",
      start_url: "/",
      display: "standalone",
      display_override: ["standalone", "minimal-ui"],
      launch_handler: { client_mode: ["navigate-existing", "auto"] },
      shortcuts: appText.shortcuts.map(({ route, name, shortName, description }) => ({
        name,
        short_name: shortName,
        description,
        url: routes[route].path,
        icons: [{ sizes: "96x96", type: "image/png" }],
      })),
    });
    // Each shortcut's icon is there (Android's launcher and Bubblewrap show it).
    for (const shortcut of manifest.shortcuts as Array<{ icons: Array<{ src: string }> }>) {
      const icon = await request.get(shortcut.icons[0]?.src ?? "");
      expect(icon.headers()["content-type"]).toBe("image/png");
    }
    expect(manifest.categories).toEqual(expect.arrayContaining(["business"]));
    // The screenshots show the content they were taken of; taken of other content, they are left out.
    expect((manifest.screenshots as Array<{ label: string }>).map((shot) => shot.label).sort()).toEqual(
      screenshotsCurrent() ? Object.values(appText.screenshotLabels).sort() : [],
    );

    const meta = (name: string) => page.locator(`meta[name="${name}"]`);
    await expect(meta("apple-mobile-web-app-capable")).toHaveAttribute("content", "yes");
    await expect(meta("mobile-web-app-capable")).toHaveAttribute("content", "yes");
    await expect(meta("apple-mobile-web-app-title")).toHaveAttribute("content", profile.shortName);
    await expect(meta("apple-mobile-web-app-status-bar-style")).toHaveAttribute("content", "default");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /\.png$/);
  });
});
