import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadEnv } from "vite";
import { parseConfig } from "../../src/config/parse-config";
import { expect, test } from "./fixtures";
import { ROOT } from "./server";

const DIST = join(ROOT, "dist");
interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The list workbox-build injected into dist/sw.js in place of `self.__WB_MANIFEST`. */
function precacheList(): PrecacheEntry[] {
  const worker = readFileSync(join(DIST, "sw.js"), "utf8");
  const match = /\[\{"(?:revision|url)"[\s\S]*?\}\]/.exec(worker);
  if (!match) throw new Error("dist/sw.js has no precache list");
  return JSON.parse(match[0]) as PrecacheEntry[];
}

const buildConfig = parseConfig(loadEnv("production", ROOT, "VITE_"));

test.describe("what the service worker precaches (dist/, as built)", () => {
  test("every app file once: chunks, CSS, the shell, icons, the manifest; no screenshots", () => {
    const urls = precacheList().map((entry) => entry.url);
    expect(new Set(urls).size, "an entry is listed twice").toBe(urls.length);
    // For the record (the budget is checked by budget.spec.ts).
    const bytes = urls.map((url) => readFileSync(join(DIST, url)));
    const kib = (sizes: number[]) => (sizes.reduce((sum, size) => sum + size, 0) / 1024).toFixed(1);
    console.log(
      `precache: ${urls.length} entries, ${kib(bytes.map((b) => b.length))} KiB, ${kib(bytes.map((b) => gzipSync(b).length))} KiB gzip`,
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        "index.html",
        "favicon.svg",
        "manifest.webmanifest",
        "pwa-192x192.png",
        "pwa-512x512.png",
        "maskable-icon-512x512.png",
        "apple-touch-icon-180x180.png",
      ]),
    );
    // Every route chunk, the Lottie engine and the toggle's animation (its JSON is inside the
    // chunk), and the not-found page with its illustration (inlined or emitted as an svg).
    for (const prefix of [
      "home-",
      "skills-",
      "projects-",
      "contact-",
      "not-found-",
      "LottieLight-",
      "lottie-toggle-",
    ]) {
      expect(
        urls.some((url) => url.startsWith(`assets/${prefix}`)),
        prefix,
      ).toBe(true);
    }
    // Every prerendered page the build has (none yet, or one per route and 404.html).
    const pages = readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".html"),
    );
    expect(urls).toEqual(expect.arrayContaining(pages.map((file) => file.split("\\").join("/"))));
    // Install-time images and crawler files stay out.
    expect(urls.filter((url) => /^screenshots\/|robots\.txt|sitemap\.xml|^\.vite\//.test(url))).toEqual([]);
  });

  test("every JS and CSS file of the build is precached, except Firebase's when it is not configured", () => {
    const urls = new Set(precacheList().map((entry) => entry.url));
    const assets = readdirSync(join(DIST, "assets"))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `assets/${file}`);
    const left = assets.filter((file) => !urls.has(file));
    if (buildConfig.firebase) {
      expect(left).toEqual([]);
    } else {
      // Only the page's Firebase chunks, loaded on a submit when Firebase is configured.
      for (const file of left) expect(readFileSync(join(DIST, file), "utf8"), file).toMatch(/firebase/i);
    }
  });

  test("sw.js is one classic script, and carries Firebase only when the build configures it", () => {
    const worker = readFileSync(join(DIST, "sw.js"), "utf8");
    // The HTML spec forbids import() in a service worker: every dynamic import is inlined.
    expect(worker).not.toMatch(/\bimport\s*\(/);
    expect(worker).not.toMatch(/^\s*(?:import|export)\s/m);
    if (!buildConfig.firebase) {
      expect(worker).not.toContain("firestore.googleapis.com");
      expect(worker).not.toContain("@firebase");
    }
  });
});
