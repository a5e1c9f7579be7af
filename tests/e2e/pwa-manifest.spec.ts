import { screenshotsCurrent } from "../../build/brand";
import { routes } from "../../src/config/routes";
import { profile } from "../../src/content/profile";
import { expect, pageSettled, test } from "./fixtures";
import { expectWorkerInControl, pngSize } from "./pwa-helpers";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce" });

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestImage[];
  shortcuts: Array<{ name: string; url: string }>;
  screenshots: ManifestImage[];
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

test.describe("web app manifest and installability", () => {
  test("the manifest is linked, valid and complete", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await request.get(href as string);
    expect(response.ok()).toBe(true);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as WebManifest;

    expect(manifest).toMatchObject({
      name: profile.name,
      short_name: profile.shortName,
      description: profile.description,
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(HEX_COLOUR);
    expect(manifest.background_color).toMatch(HEX_COLOUR);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", manifest.theme_color);
    expect(manifest.shortcuts.map(({ name, url }) => ({ name, url }))).toEqual([
      { name: "Projects", url: routes.projects.path },
      { name: "Contact", url: routes.contact.path },
    ]);
  });

  test("every icon loads at its declared size: 192 and 512, maskable ones, and the apple-touch-icon", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as WebManifest;
    const checked: string[] = [];
    for (const icon of manifest.icons) {
      const url = new URL(icon.src, page.url().replace(/[^/]*$/, "manifest.webmanifest"));
      const response = await request.get(url.href);
      expect(response.ok(), icon.src).toBe(true);
      expect(response.headers()["content-type"]).toBe("image/png");
      const { width, height } = pngSize(await response.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      checked.push(`${icon.sizes} ${icon.purpose ?? "any"}`);
    }
    expect(checked).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));

    const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const apple = await request.get(appleHref as string);
    expect(apple.ok()).toBe(true);
    expect(pngSize(await apple.body())).toEqual({ width: 180, height: 180 });
  });

  test("wide and narrow screenshots load at their declared sizes, each under 120 KB", async ({ request }) => {
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as WebManifest;
    // Taken of other content (a rebrand before `npm run assets`), the build leaves them out.
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(
      screenshotsCurrent() ? ["narrow", "wide"] : [],
    );
    for (const shot of manifest.screenshots) {
      const response = await request.get(shot.src);
      expect(response.ok(), shot.src).toBe(true);
      const bytes = await response.body();
      expect(bytes.length, shot.src).toBeLessThan(120 * 1024);
      const { width, height } = pngSize(bytes);
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      expect(shot.label).toBeTruthy();
    }
  });

  test("Chromium finds the app installable: manifest without errors, a worker that answers fetches", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await pageSettled(page);
    await expectWorkerInControl(page);
    // The worker has a fetch handler: it answers the page's own navigation.
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    // The boot module links the manifest once the page has loaded.
    await expect(page.locator('head > link[rel="manifest"]')).toBeAttached();

    const cdp = await context.newCDPSession(page);
    const { errors, data } = (await cdp.send("Page.getAppManifest")) as {
      errors: Array<{ message: string }>;
      data?: string;
    };
    expect(errors).toEqual([]);
    expect(data).toContain(profile.name);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Playwright's browser contexts are off the record, which Chromium reports as "in-incognito":
    // a property of the test browser, not of the app. Nothing else may be missing.
    expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  });
});
