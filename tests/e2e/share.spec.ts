import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { appText } from "../../src/content/app";
import { QR_CODE_DOWNLOAD_NAME } from "../../src/features/share/qr-code-file";
import { expect, expectNoAxeViolations, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";
import { expectWorkerInControl } from "./pwa-helpers";
import { expectedShareAddress, readQrCode } from "./share-helpers";

const shareButton = (page: Page) => page.getByRole("main").getByRole("button", { name: "Share" });
const shareDialog = (page: Page) => page.getByRole("dialog", { name: "Share this site" });

/** A browser without the Web Share API (desktop Chromium on Linux has none; this makes it certain). */
async function withoutWebShare(page: Page): Promise<void> {
  await page.addInitScript(() => {
    delete (Navigator.prototype as Partial<Navigator>).share;
    delete (Navigator.prototype as Partial<Navigator>).canShare;
  });
}

test.describe("the Share button", () => {
  // Motion is not the subject here (dialog-motion.spec.ts): no slide-in or dialog animation to wait for.
  test.use({ reducedMotion: "reduce" });

  test("uses the Web Share API where the browser has it: one call with the site's address", async ({
    page,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          calls.push(data);
        },
      });
    });
    await page.goto("/");
    await pageSettled(page);
    await shareButton(page).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
      .toEqual([{ ...appText.share, url: expectedShareAddress(baseURL as string) }]);
    // The share sheet replaces the dialog.
    await expect(shareDialog(page)).toHaveCount(0);
  });

  test("elsewhere opens a dialog: the address, Copy link to the clipboard, a QR code of the address; offline too", async ({
    page,
    context,
    baseURL,
  }) => {
    const address = expectedShareAddress(baseURL as string);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL as string });
    await withoutWebShare(page);
    await page.goto("/");
    await pageSettled(page);
    await shareButton(page).click();

    const dialog = shareDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(address, { exact: true })).toBeVisible();

    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expect(dialog.getByRole("status")).toHaveText("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    const qr = dialog.getByRole("img", { name: `QR code of ${address}` });
    await expect(qr).toHaveJSProperty("complete", true);
    expect(await readQrCode(qr)).toBe(address);

    // The QR code downloads as an SVG file of the same code.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("link", { name: "Download the QR code (SVG)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(QR_CODE_DOWNLOAD_NAME);
    expect(readFileSync(await download.path(), "utf8")).toMatch(
      /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );

    await expectNoAxeViolations(page, "dialog[open]");
    // Esc closes it and focus returns to the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(shareButton(page)).toBeFocused();

    await test.step("offline, dialog and QR code included, and axe in the dark theme", async () => {
      await expectWorkerInControl(page);
      await context.setOffline(true);
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      await pageSettled(page);
      await switchAnimated(page);
      await themeSwitch(page).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

      await shareButton(page).click();
      await expect(dialog.getByText(address, { exact: true })).toBeVisible();
      await expect(qr).toHaveJSProperty("complete", true);
      expect(await readQrCode(qr)).toBe(address);
      await expectNoAxeViolations(page, "dialog[open]");
      await context.setOffline(false);
    });
  });

  test("is at least 24 px square at phone and desktop widths; without clipboard access, Copy link selects the address in a field to copy from", async ({
    page,
    baseURL,
  }) => {
    await withoutWebShare(page);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", { configurable: true, get: () => undefined });
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await pageSettled(page);
    // The button is on the home page at phone and desktop widths, at least 24 px square: one visit,
    // resized (the layout is CSS alone).
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const box = await shareButton(page).boundingBox();
      expect(box?.width, `${width} px`).toBeGreaterThanOrEqual(24);
      expect(box?.height, `${width} px`).toBeGreaterThanOrEqual(24);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    await shareButton(page).click();
    const dialog = shareDialog(page);
    await dialog.getByRole("button", { name: "Copy link" }).click();
    const field = dialog.getByRole("textbox", { name: "Address" });
    await expect(field).toHaveValue(expectedShareAddress(baseURL as string));
    await expect(field).toBeFocused();
    expect(
      await field.evaluate((input: HTMLInputElement) =>
        input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      ),
    ).toBe(expectedShareAddress(baseURL as string));
  });
});
