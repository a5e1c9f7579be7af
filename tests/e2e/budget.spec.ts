import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page, Request } from "@playwright/test";
import { firstLoadJs, precache, ROUTE_PAGES } from "../../bench/measure";
import { COMPILE_HINT } from "../../build/chunks";
import { BOOT_SCRIPT } from "../../src/shared/boot-script";
import { expect, REACT_APP, startReact, test } from "./fixtures";
import { ROOT } from "./server";

/**
 * Size budgets (docs/requirements.md) and what a page loads before the visitor does anything. Bytes of a
 * build are deterministic, so these are checked here; timings are only ever measured by
 * `npm run bench`. `dist/` is read inside the tests, never at module load, so listing the tests
 * (`playwright test --list`) works without a build.
 */
const DIST = join(ROOT, "dist");
/**
 * What a page fetches before the visitor needs React (src/boot.ts): the boot module. R-13.1's
 * first load, now that React starts on need (R-13.4).
 */
const FIRST_LOAD_JS_BUDGET = 10 * 1024;
/**
 * Everything a page runs once React starts: the boot module, the React app and the page's module.
 * sets 90 kB for a BrowserRouter app; React Router's data mode (createBrowserRouter) adds
 * about 17 kB, and the boot module standing apart from the app about 3 kB (docs/decisions.md);
 * the navigation bar's parts hydrating apart and React starting at a press's release half a kB;
 * the switch painted a frame before the page's restyle a tenth of a kB.
 * A ceiling: anything else that grows it fails here.
 */
const APP_JS_BUDGET = 112.75 * 1024;
const PRECACHE_BUDGET = 600 * 1024;

// Each library is recognised by a string only its code contains.
const LAZY_LIBRARIES = {
  "the Lottie engine": "bodymovin",
  Firebase: "firestore.googleapis.com",
  "framer-motion": "data-framer-appear-id",
  OverlayScrollbars: "os-scrollbar",
  // The outbox's entries (its store and drain, with idb-keyval).
  "the outbox pipeline": "schemaVersion",
  // The contact page fetches its list of refused messages only once there is one.
  "the outbox's refused list": "outbox-failed__list",
};

/** The URL each built page is served at (the 404 page at any unknown path). */
const URLS: Record<string, string> = { "(404)": "/no/such/page" };

test.describe("size budgets of the build", () => {
  for (const { route } of ROUTE_PAGES) {
    test(`${route}: at most ${FIRST_LOAD_JS_BUDGET / 1024} kB gzip up front, ${APP_JS_BUDGET / 1024} kB once React runs`, () => {
      const page = firstLoadJs(DIST).find((entry) => entry.route === route);
      expect(page?.files.length).toBeGreaterThan(0);
      expect(page?.jsGzip, `${page?.files.join(", ")}`).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
      // React and the router are not up front; they are in what the page runs once React starts.
      const upFront = page?.files.map((file) => readFileSync(join(DIST, file), "utf8")).join("\n") ?? "";
      expect(upFront.includes("hydrateRoot"), "React DOM up front").toBe(false);
      expect(page?.appFiles.length).toBeGreaterThan(page?.files.length ?? 0);
      expect(page?.appGzip, `${page?.appFiles.join(", ")}`).toBeLessThanOrEqual(APP_JS_BUDGET);
    });
  }

  test("filling the precache downloads at most 600 kB (gzip)", () => {
    const { entries, bytes, gzipBytes, urls } = precache(DIST);
    expect(entries).toBeGreaterThan(10);
    console.log(
      `precache: ${entries} entries, ${(gzipBytes / 1024).toFixed(1)} kB gzip (${(bytes / 1024).toFixed(1)} kB decoded)`,
    );
    expect(gzipBytes, urls.join("\n")).toBeLessThanOrEqual(PRECACHE_BUDGET);
  });

  test("Lottie, Firebase, motion, the scrollbar and the outbox are not in any page's app either", () => {
    for (const page of firstLoadJs(DIST)) {
      const code = page.appFiles.map((file) => readFileSync(join(DIST, file), "utf8")).join("\n");
      for (const [library, marker] of Object.entries(LAZY_LIBRARIES)) {
        expect(code.includes(marker), `${library} in what ${page.route} runs once React starts`).toBe(false);
      }
    }
  });
});

test("every page's first-load chunks and the switch's engine are compiled eagerly (V8's compile hint); the libraries loaded on intent are not", () => {
  const hinted = (file: string) => readFileSync(join(DIST, file), "utf8").startsWith(COMPILE_HINT);
  for (const page of firstLoadJs(DIST)) {
    for (const file of page.files) expect(hinted(file), `${file}, first load of ${page.route}`).toBe(true);
  }
  const assets = readdirSync(join(DIST, "assets")).filter((file) => file.endsWith(".js"));
  for (const [library, marker] of Object.entries(LAZY_LIBRARIES)) {
    const chunks = assets.filter((file) => readFileSync(join(DIST, "assets", file), "utf8").includes(marker));
    expect(chunks.length, `a chunk with ${library}`).toBeGreaterThan(0);
    // The engine is set up as soon as it arrives, which calls most of its code (docs/decisions.md).
    const eager = library === "the Lottie engine";
    for (const file of chunks) expect(hinted(`assets/${file}`), `${library} (${file})`).toBe(eager);
  }
});

/**
 * Every request of this type the page makes before React starts (its app chunk is requested).
 * Untouched, React starts by itself once the browser has been idle a while after the load, which
 * a slow host can reach before `loadedAndIdle` returns: what comes after it is React's, not the
 * boot path's.
 */
function requestsBeforeReact(page: Page, type: "script" | "stylesheet"): Request[] {
  const requests: Request[] = [];
  let reactStarted = false;
  page.on("request", (request) => {
    reactStarted ||= REACT_APP.test(new URL(request.url()).pathname);
    if (!reactStarted && request.resourceType() === type) requests.push(request);
  });
  return requests;
}

/**
 * The page has loaded and done what its boot module does after the load before React: counted the
 * outbox, and the browser has been idle once more since.
 */
async function loadedAndIdle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

test.describe("before any interaction", () => {
  // The 404 page's own document answers 404, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });
  // One visit per route (each waits for the load, the outbox's count and idle) checks all that comes before React.
  for (const { route } of ROUTE_PAGES) {
    const url = URLS[route] ?? route;
    test(`${route}: up to load + idle, no script before the first paint, no stylesheet, no Lottie, motion, scrollbar or outbox`, async ({
      page,
    }) => {
      const scripts = requestsBeforeReact(page, "script");
      // The after-load chunks import CSS that the prerender inlined (the entry's, the page's own,
      // the notices'); fetching it again restyled the whole page.
      const stylesheets = requestsBeforeReact(page, "stylesheet");
      const response = await page.goto(url);
      const html = (await response?.text()) ?? "";
      // Only HTML and CSS before the first paint: the home page's JSON-LD (data, never run) aside.
      const head = html
        .slice(0, html.indexOf("</head>"))
        .replace(/<script type="application\/ld\+json">[\s\S]*?<\/script>/, "");
      expect(head, "scripts in <head>").not.toMatch(/<script|modulepreload/i);
      // The manifest too waits for the load (Chromium fetched it and its icon beside the page's own
      // requests); a browser without scripts reads it from <noscript>.
      expect(head.replace(/<noscript>[\s\S]*?<\/noscript>/g, ""), "manifest in <head>").not.toMatch(
        /rel="manifest"/,
      );
      // The one inline script is the boot script, whose hash the CSP allows (the home page's
      // JSON-LD is data the browser never runs).
      const inline = [
        ...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
      ].map((match) => match[1]);
      expect(inline).toEqual([BOOT_SCRIPT]);
      await loadedAndIdle(page);
      await expect(page.locator('head > link[rel="manifest"]')).toHaveAttribute(
        "href",
        "/manifest.webmanifest",
      );

      const order = await page.evaluate(() => {
        const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN;
        const scripts = performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
        return { paint, scripts };
      });
      expect(order.paint, "first paint").toBeGreaterThan(0);
      expect(order.scripts.length).toBeGreaterThan(0);
      for (const script of order.scripts) {
        expect(script.startTime, `${script.name} requested before the first paint`).toBeGreaterThan(
          order.paint,
        );
      }

      expect(
        stylesheets.map((request) => new URL(request.url()).pathname),
        "stylesheets fetched",
      ).toEqual([]);
      expect(scripts.length, "scripts fetched").toBeGreaterThan(0);
      for (const script of scripts) {
        const code = (await (await script.response())?.text().catch(() => "")) ?? "";
        for (const [library, marker] of Object.entries(LAZY_LIBRARIES)) {
          expect(code.includes(marker), `${library} in ${script.url()}`).toBe(false);
        }
      }

      if (route === "/contact") {
        // The contact page stays styled by its inlined rules after hydration: contact-form.css lays
        // the form out as a grid.
        await startReact(page);
        const form = page.locator("form.contact-form");
        await expect(form).toBeVisible();
        expect(await form.evaluate((element) => getComputedStyle(element).display)).toBe("grid");
      }
    });
  }
});
