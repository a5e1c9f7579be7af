import { appPaths } from "../../src/config/routes";
import { expect, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";
import {
  cachedUrls,
  expectedDocument,
  expectNoAxeViolations,
  expectWorkerInControl,
  PWA_ROUTES,
  trackAssetFailures,
  workerVersion,
} from "./pwa-helpers";
import { ROOT, startServer } from "./server";

const DIST = `${ROOT}/dist`;

// Motion is not the subject here: the pages are drawn in place, without the 1 s slide-in to wait for.
test.use({ reducedMotion: "reduce" });

test.describe("offline after one visit", () => {
  test("every route and the not-found page render with the server gone and the browser offline", async ({
    page,
    context,
  }) => {
    // A server of its own, so it can be stopped: nothing can come from the network afterwards.
    const server = await startServer({ STATIC_DIR: "dist" });
    try {
      await page.goto(`${server.url}/`);
      await pageSettled(page);
      await expectWorkerInControl(page);
    } finally {
      await server.stop();
    }
    await context.setOffline(true);
    const failures = trackAssetFailures(page, server.url);

    for (const route of PWA_ROUTES) {
      const response = await page.goto(`${server.url}${route.path}`);
      expect(response?.fromServiceWorker(), route.path).toBe(true);
      // The worker picks the route's own precached document (sw/navigation.ts).
      expect(await response?.text(), route.path).toBe(expectedDocument(DIST, route.path, appPaths));
      await pageSettled(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
      // The Lottie engine and the toggle's animation (the same files on every route) come from the precache too.
      if (route === PWA_ROUTES[0]) await switchAnimated(page);
    }
    // The last route is the not-found page: its illustration is loaded, not a broken image.
    const illustration = page.getByRole("img", { name: /404/ });
    await expect(illustration).toBeVisible();
    expect(await illustration.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    // Client-side navigation offline loads the other route chunks from the precache as well.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skills" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skills & Technologies");

    expect(failures).toEqual([]);
  });
});

test.describe("what the worker caches", () => {
  test("only the precached app files: a message sent through the API leaves nothing in the caches", async ({
    page,
  }) => {
    await page.goto("/contact");
    await pageSettled(page);
    await expectWorkerInControl(page);
    await page.getByLabel("Name", { exact: true }).fill("Cache Check");
    await page.getByLabel("Email", { exact: true }).fill("cache@example.com");
    await page.getByLabel("Message", { exact: true }).fill("Is the API cached?");
    await page.getByRole("button", { name: "Say Hello 👋" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();

    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(10);
    // workbox-precaching keeps every entry in its one precache; there is no runtime cache.
    expect(urls.filter((url) => /\/(?:api|email)\/|firestore\.googleapis\.com/.test(url))).toEqual([]);
    expect(await page.evaluate(() => caches.keys())).toEqual([
      expect.stringMatching(/^workbox-precache-v2-/),
    ]);
  });
});

test.describe("the offline-ready notice", () => {
  // One first visit (the worker's install) for all the notice's checks.
  test("the worker takes control on the first visit, which says 'Ready to work offline' accessibly in either theme, beside the offline banner; Escape dismisses it; the next visit is the worker's, without the notice", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await pageSettled(page);
    const notice = page.getByRole("group", { name: "Ready to work offline" });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText("works without a connection");
    // It sits in a polite live region, and never takes focus.
    await expect(page.locator(".pwa-toasts")).toHaveAttribute("aria-live", "polite");
    await expect(notice.getByRole("button")).not.toBeFocused();

    await test.step("the notice and the offline banner have no axe violations in either theme", async () => {
      // Hovered, the notice stays while axe runs.
      await notice.hover();
      await context.setOffline(true);
      await page.evaluate(() => window.dispatchEvent(new Event("offline")));
      await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toBeVisible();
      await expectNoAxeViolations(page, ".pwa-notices");

      await themeSwitch(page).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await notice.hover();
      await expectNoAxeViolations(page, ".pwa-notices");
      await expect(notice).toBeVisible();
    });

    await test.step("the notice is dismissed with Escape and focus returns to the page", async () => {
      await notice.getByRole("button", { name: "Dismiss: Ready to work offline" }).focus();
      await page.keyboard.press("Escape");
      await expect(notice).toHaveCount(0);
      await expect(page.locator("main")).toBeFocused();
    });
    await context.setOffline(false);

    await expectWorkerInControl(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    expect(await workerVersion(page)).toMatch(/\S/);

    // From now on the worker answers the navigation itself.
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await pageSettled(page);
    // The bridge has decided (worker active) and shows nothing this time.
    await expectWorkerInControl(page);
    await expect(notice).toHaveCount(0);
  });
});

test.describe("the offline banner", () => {
  test("shows while the browser is offline and goes away when it is back online; dismissed with the keyboard, it comes back on the next loss of connection", async ({
    page,
    context,
  }) => {
    await page.goto("/contact");
    await pageSettled(page);
    await expect(page.locator(".pwa-notices")).toBeAttached();
    const banner = page.getByRole("status").filter({ hasText: "You're offline" });
    await expect(banner).toHaveCount(0);
    // Chromium fires `offline` and `online` on its own; dispatching them again is harmless and
    // makes the test independent of when the emulation reaches the page.
    const setOffline = async (offline: boolean) => {
      await context.setOffline(offline);
      await page.evaluate((event) => window.dispatchEvent(new Event(event)), offline ? "offline" : "online");
    };

    await setOffline(true);
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText("You're offline. The site still works.");
    await setOffline(false);
    await expect(banner).toHaveCount(0);

    await setOffline(true);
    await banner.getByRole("button", { name: "Dismiss: You're offline" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toHaveCount(0);

    await setOffline(false);
    await setOffline(true);
    await expect(banner).toBeVisible();
    await banner.getByRole("button").focus();
    await page.keyboard.press("Escape");
    await expect(banner).toHaveCount(0);
    await context.setOffline(false);
  });
});
