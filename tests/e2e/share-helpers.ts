/** Sharing in tests: the address a build was given, and QR codes read back from screenshots. */
import type { Locator } from "@playwright/test";
import jsQR from "jsqr";
import pngjs from "pngjs";
import { loadEnv } from "vite";
import { parseConfig } from "../../src/config/parse-config";
import { ROOT } from "./server";

/** The text of the QR code on screen in `image`, or null when none can be read. */
export async function readQrCode(image: Locator): Promise<string | null> {
  const png = pngjs.PNG.sync.read(await image.screenshot());
  const pixels = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  return jsQR(pixels, png.width, png.height)?.data ?? null;
}

/** The site address `dist/` was built with (`VITE_SITE_URL`), or null. */
export const builtSiteUrl = parseConfig(loadEnv("production", ROOT, "VITE_")).siteUrl;

/** What the Share button shares: the home page on VITE_SITE_URL, else on the origin under test. */
export function expectedShareAddress(origin: string): string {
  return new URL("/", builtSiteUrl ?? origin).href;
}
