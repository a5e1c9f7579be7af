/**
 * `npm run bench`: builds the app, serves it with the real server, and measures it.
 *
 * - Lighthouse 12 mobile (simulated slow 4G, 4× CPU), RUNS times per page (desktop too with
 *   BENCH_DESKTOP=1): performance score, TBT, the simulated LCP and the LCP the trace observed,
 *   CLS, time to interactive, the script the page itself fetched during the load (network-requests,
 *   page target), and the long tasks over 50 ms with the script each belongs to. Median, min, max.
 * - Baselines served by the same server in the same run: each page's own prerendered HTML with
 *   every script removed ("static", the denominator of that page's LCP ratio: R-13.2's "a
 *   no-JavaScript page of the same content"), and the home page's static HTML hydrating one
 *   paragraph with React 19, loaded like the app ("floor": what React alone costs).
 * - The first interactions, in a Lighthouse timespan at 4× CPU: a click on the theme switch and a
 *   click on a navbar link, on a page that has loaded and gone idle (INP of each).
 * - What a visitor feels at 4× CPU (bench/responsiveness.ts): the longest task after the load and
 *   at the first scroll, and the Event Timing duration of a tap or a key while React starts.
 *   BENCH_LIGHTHOUSE=0 measures these alone (a quick check while changing how React starts);
 *   BENCH_FEEL_INDEX=690 measures them on a device of that benchmarkIndex instead (on a host of
 *   2,750, 4× is that device; on a slower host, 4× is a slower device).
 * - First-load JS per route (gzip), the precache size, and the first paint of a repeat visit made
 *   offline (service worker only).
 *
 * - The host: its CPU, load, and Lighthouse's benchmarkIndex (how fast this machine ran a fixed
 *   piece of script), since absolute TBT does not travel between hosts; what does is each page
 *   against its own no-JS copy in the same round, which every table shows.
 *
 * Results go to bench/results/ (ignored by git). BENCH_SAVE=1 also writes them into this section of
 * bench/latest.md (between its markers: other sections of that file, e.g. the server's, are kept).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import react from "@vitejs/plugin-react";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags, type Result, startTimespan } from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer, { type Browser } from "puppeteer-core";
import { build } from "vite";
import { precompress, precompressFile } from "../build/precompress";
import { appPaths } from "../src/config/routes";
import { BOOT_SCRIPT } from "../src/shared/boot-script";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium";
import { startServer } from "../tests/e2e/server";
import { closedPort } from "../tests/support/net";
import { BareChromium } from "./bare-chromium";
import { PAGE_SECTION, writeSection } from "./latest-section";
import { firstLoadJs, precache, ROUTE_PAGES } from "./measure";
import {
  benchmarkIndex,
  CPU_SLOWDOWN,
  calibratedSlowdown,
  type FeelSample,
  feelSample,
} from "./responsiveness";

const ROOT = join(import.meta.dirname, "..");
/**
 * BENCH_DIST measures an existing build instead of building this checkout (e.g. the previous
 * version's `dist/`, for a before/after comparison in one sitting); it is served by this server.
 */
const DIST = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : join(ROOT, "dist");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DESKTOP = process.env.BENCH_DESKTOP === "1";
/** BENCH_CPU=6: a mobile profile with the CPU slowed 6× as well (a slower phone than Lighthouse's). */
const SLOW_CPU = Number(process.env.BENCH_CPU ?? 0);
const SAVE = process.env.BENCH_SAVE === "1";
/** BENCH_LIGHTHOUSE=0: only what a visitor feels (bench/responsiveness.ts), not saved. */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
/** BENCH_FEEL_INDEX: "what a visitor feels" on a device of that benchmarkIndex, not at 4× (never saved). */
const FEEL_INDEX = Number(process.env.BENCH_FEEL_INDEX ?? 0);
const STATIC_PAGE = "/bench-static.html";
const FLOOR_PAGE = "/bench-floor.html";
/**
 * The home page's no-JS copy again, byte for byte, loaded beside it: an A/A control. Its
 * differences from the copy are the run's own noise, the yardstick for every page's.
 */
const CONTROL_PAGE = "/bench-static-again.html";
const FLOOR_DIR = "bench-floor";
const FLOOR_HTML = '<div id="floor"><p id="floor-text">Hydrated by React.</p></div>';
/**
 * The 404 page is measured as a copy served with status 200 (Lighthouse reports no scores for a
 * page answered with 404); the router renders it for this unknown path just the same.
 */
const NOT_FOUND_PAGE = "/bench-404.html";
/** BENCH_PAGES=/,/skills,404 measures only those pages (and their copies): a quicker comparison. */
const ONLY = process.env.BENCH_PAGES?.split(",").map((page) => (page === "404" ? NOT_FOUND_PAGE : page));
/** Every route of the table, and the 404 page. */
const ROUTES = [...appPaths, NOT_FOUND_PAGE].filter((path) => !ONLY || ONLY.includes(path));
/** Each measured page, its built HTML file and its static copy (every script removed). */
const BASELINES = ROUTE_PAGES.map(({ route, file }) => {
  const path = route === "(404)" ? NOT_FOUND_PAGE : route;
  const slug = route === "/" ? "" : `-${route === "(404)" ? "404" : route.slice(1)}`;
  return { path, file, staticPath: slug === "" ? STATIC_PAGE : `/bench-static${slug}.html` };
});
/**
 * The no-JS copy a page is compared with: its own; a copy's is itself; the floor's and the
 * control's, the home copy.
 */
const staticOf = (path: string) =>
  BASELINES.find((page) => page.path === path || page.staticPath === path)?.staticPath ?? STATIC_PAGE;
/** The A/A control, when the home page is measured. */
const CONTROL = ROUTES.includes("/") ? [CONTROL_PAGE] : [];
const PAGES = [
  ...ROUTES,
  ...BASELINES.filter((page) => ROUTES.includes(page.path)).map((page) => page.staticPath),
  ...CONTROL,
  FLOOR_PAGE,
];
/**
 * The order Lighthouse loads PAGES in, in run `run`: each page beside its own copy (the copy first in
 * every other run), so that a pair's per-run ratio and difference compare two loads a minute apart,
 * not several: on the shared machine a busy spell then falls on both.
 */
const lighthouseOrder = (run: number): string[] => [
  ...new Set([
    ...ROUTES.flatMap((path) => {
      const pair = run % 2 ? [staticOf(path), path] : [path, staticOf(path)];
      if (path !== "/") return pair;
      return run % 2 ? [CONTROL_PAGE, ...pair] : [...pair, CONTROL_PAGE];
    }),
    ...PAGES,
  ]),
];
const LABELS: Record<string, string> = {
  [NOT_FOUND_PAGE]: "404",
  [FLOOR_PAGE]: "floor: React 19 hydrating one paragraph",
  [CONTROL_PAGE]: "A/A control: static / again (its differences are noise)",
};
const label = (path: string): string => {
  const baseline = BASELINES.find((page) => page.staticPath === path);
  return baseline ? `static ${label(baseline.path)} (no JS)` : (LABELS[path] ?? path);
};

interface LongTask {
  url: string;
  duration: number;
}

interface Sample {
  /** Lighthouse's measure of this host's speed while it ran the page (higher is faster). */
  benchmarkIndex: number;
  performance: number;
  fcp: number;
  lcp: number;
  observedLcp: number;
  tbt: number;
  cls: number;
  tti: number;
  /** Script transferred to the page itself during the load (not the service worker's precache). */
  pageScriptBytes: number;
  longTasks: LongTask[];
}

type NumericKey = Exclude<keyof Sample, "longTasks">;

/** The profiles measured: Lighthouse's mobile default, then what BENCH_CPU and BENCH_DESKTOP add. */
type Mode = "mobile" | "slow" | "desktop";
const MODES: Mode[] = [
  "mobile",
  ...(SLOW_CPU > 0 ? (["slow"] as const) : []),
  ...(DESKTOP ? (["desktop"] as const) : []),
];
const MODE_TITLES: Record<Mode, string> = {
  mobile: "mobile (simulated slow 4G, 4× CPU)",
  slow: `mobile, slower phone (simulated slow 4G, ${SLOW_CPU}× CPU)`,
  desktop: "desktop",
};
const MODE_CONFIGS: Record<Mode, Config | undefined> = {
  mobile: undefined,
  slow: {
    extends: "lighthouse:default",
    settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: SLOW_CPU } },
  },
  desktop: desktopConfig,
};

interface Spread {
  median: number;
  min: number;
  max: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
/** Median, min and max of the finite values (a failed sample is NaN and left out). */
const spread = (all: number[]): Spread => {
  const values = all.filter(Number.isFinite);
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
};

/** A page's prerendered HTML without any JavaScript: the baseline to compare it with. */
function staticHtml(file: string): string {
  return readFileSync(join(DIST, file), "utf8")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, "");
}

/**
 * Writes a page the bench serves, precompressed as the build's pages are: compressed per response
 * instead, a copy's HTML came out larger, and /contact's no longer fit the first round trip of
 * Lighthouse's simulated connection (14.6 kB), which put its copy's FCP an RTT behind the page's.
 */
async function writeServed(path: string, html: string): Promise<void> {
  writeFileSync(join(DIST, path.slice(1)), html);
  await precompressFile(join(DIST, path.slice(1)));
}

/** Each page's no-JS copy: Lighthouse's rows and the key typed in "What a visitor feels" use them. */
async function writeStaticCopies(): Promise<void> {
  for (const { file, staticPath } of BASELINES) await writeServed(staticPath, staticHtml(file));
  await writeServed(CONTROL_PAGE, staticHtml("index.html"));
}

/** The floor page: the static page plus one paragraph hydrated by React, started by the boot script. */
async function writeFloor(): Promise<void> {
  const html = staticHtml("index.html");
  // Vite sets NODE_ENV=production for its build; the server started afterwards must not inherit it.
  const nodeEnv = process.env.NODE_ENV;
  await build({
    root: ROOT,
    configFile: false,
    logLevel: "warn",
    base: `/${FLOOR_DIR}/`,
    publicDir: false,
    plugins: [react()],
    build: {
      outDir: join(DIST, FLOOR_DIR),
      emptyOutDir: true,
      rolldownOptions: {
        input: join(ROOT, "bench/floor/main.tsx"),
        output: { entryFileNames: "floor.js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  await precompress(join(DIST, FLOOR_DIR));
  const boot = `<script data-entry="/${FLOOR_DIR}/floor.js" data-preload="">${BOOT_SCRIPT}</script>`;
  await writeServed(FLOOR_PAGE, html.replace("</body>", `${FLOOR_HTML}\n${boot}\n</body>`));
}

function removeBaselines(): void {
  for (const path of [...BASELINES.map((page) => page.staticPath), CONTROL_PAGE, NOT_FOUND_PAGE, FLOOR_PAGE])
    for (const suffix of ["", ".br", ".gz"]) rmSync(join(DIST, `${path.slice(1)}${suffix}`), { force: true });
  rmSync(join(DIST, FLOOR_DIR), { recursive: true, force: true });
}

type TableItems<T> = { items?: T[] } | undefined;

function readSample(lhr: Result): Sample {
  const { categories, audits } = lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const metrics = (audits.metrics?.details as TableItems<Record<string, number>>)?.items?.[0];
  const requests =
    (
      audits["network-requests"]?.details as TableItems<{
        resourceType?: string;
        sessionTargetType?: string;
        transferSize?: number;
      }>
    )?.items ?? [];
  const longTasks =
    (audits["long-tasks"]?.details as TableItems<{ url?: string; duration?: number }>)?.items ?? [];
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    // No score (Lighthouse could not finish the page, e.g. a stalled machine): left out, not 0.
    performance:
      typeof categories.performance?.score === "number"
        ? Math.round(categories.performance.score * 100)
        : Number.NaN,
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    observedLcp: metrics?.observedLargestContentfulPaint ?? Number.NaN,
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    tti: numeric("interactive"),
    pageScriptBytes: requests
      .filter(
        (request) => request.resourceType === "Script" && (request.sessionTargetType ?? "page") === "page",
      )
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    longTasks: longTasks
      .filter((task) => (task.duration ?? 0) > 50)
      .map((task) => ({ url: task.url ?? "?", duration: task.duration ?? 0 })),
  };
}

async function lighthouseSample(url: string, port: number, mode: Mode): Promise<Sample> {
  const flags: Flags = { port, output: "json", logLevel: "error", onlyCategories: ["performance"] };
  const result = await lighthouse(url, flags, MODE_CONFIGS[mode]);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return readSample(result.lhr);
}

/** Mobile settings with the CPU slowed 4× in the page itself (a timespan cannot be simulated). */
const TIMESPAN_CONFIG: Config = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: ["performance"],
    formFactor: "mobile",
    throttlingMethod: "devtools",
    // The viewport is set before the page loads; emulating it mid-timespan would resize the page.
    screenEmulation: { disabled: true },
  },
};

interface InteractionSample {
  /** A click on the switch right after the load, before React runs. */
  earlySwitchInp: number;
  switchInp: number;
  linkInp: number;
}

/**
 * The first two interactions on a page that has loaded and gone idle, each in its own timespan:
 * a click on the theme switch (its animation engine is not loaded yet), then a click on a navbar
 * link to another page (motion is not loaded yet either).
 */
async function interactionSample(browser: Browser, url: string, route: string): Promise<InteractionSample> {
  const page = await browser.newPage();
  try {
    await page.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(url, { waitUntil: "load" });
    const afterNextPaint = "new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))";
    const inp = (result: Awaited<ReturnType<Awaited<ReturnType<typeof startTimespan>>["endTimespan"]>>) =>
      result?.lhr.audits["interaction-to-next-paint"]?.numericValue ?? Number.NaN;

    // The first click on a page just loaded, before React runs (the boot script flips the theme;
    // the press also starts React, src/boot.ts). Pages built before React started on need have
    // hydrated by now.
    await page.waitForSelector("script[data-entry]");
    const early = await startTimespan(page, { config: TIMESPAN_CONFIG });
    await page.click('nav [role="switch"]');
    await page.waitForSelector('html[data-theme="dark"]');
    await page.evaluate(afterNextPaint);
    const earlySwitchInp = inp(await early.endTimespan());
    await page.click('nav [role="switch"]');
    await page.waitForSelector('html[data-theme="light"]');

    // Hydrated (the outbox notice is rendered by the browser only, after hydration) and done
    // with the after-load work (the outbox check is the last of it).
    await page.waitForSelector("main .outbox-notice", { timeout: 30_000 });
    await page.waitForSelector('html[data-outbox="ready"]', { timeout: 30_000 });
    await page.evaluate("new Promise((resolve) => requestIdleCallback(resolve))");

    const toggle = await startTimespan(page, { config: TIMESPAN_CONFIG });
    await page.click('nav [role="switch"]');
    await page.waitForSelector('html[data-theme="dark"]');
    await page.evaluate(afterNextPaint);
    const switchInp = inp(await toggle.endTimespan());

    const target = route === "/skills" ? "/project" : "/skills";
    const navigate = await startTimespan(page, { config: TIMESPAN_CONFIG });
    await page.click(`nav a[href="${target}"]`);
    await page.waitForFunction(`location.pathname === ${JSON.stringify(target)}`);
    await page.evaluate(afterNextPaint);
    const linkInp = inp(await navigate.endTimespan());
    return { earlySwitchInp, switchInp, linkInp };
  } finally {
    await page.close();
  }
}

/** First paint of a repeat visit with no network: everything comes from the service worker. */
async function offlineRepeatPaint(baseUrl: string, executablePath: string | undefined): Promise<number[]> {
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  const paints: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await context.setOffline(true);
      await page.reload();
      // A string, not a function: tsx would wrap a function's inner helpers in a `__name` call
      // that does not exist in the page.
      const fcp = (await page.evaluate(`new Promise((resolve) => {
        const find = () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
        if (find() !== undefined) return resolve(find());
        new PerformanceObserver(() => find() !== undefined && resolve(find())).observe({ type: "paint", buffered: true });
      })`)) as number;
      paints.push(fcp);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return paints;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const withRange = (s: Spread, format: (value: number) => string) =>
  `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
const plain = (value: number) => String(Math.round(value));
const ratio = (value: number) => value.toFixed(2);
const cls = (value: number) => value.toFixed(3);

async function main() {
  if (!process.env.BENCH_DIST) {
    console.log("Building…");
    const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
  // The 404 page is measured at this copy by both parts (BENCH_LIGHTHOUSE=0 too).
  await writeServed(NOT_FOUND_PAGE, readFileSync(join(DIST, "404.html"), "utf8"));
  await writeStaticCopies();
  if (LIGHTHOUSE) await writeFloor();

  const port = await closedPort();
  const server = await startServer({ STATIC_DIR: DIST }, { port, dataDirPrefix: "portfolio-bench-" });
  const chromePath = findChromium();
  const chrome = LIGHTHOUSE
    ? await chromeLauncher.launch({
        ...(chromePath ? { chromePath } : {}),
        chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      })
    : undefined;
  const feelBrowser = await BareChromium.launch(chromePath, CHROMIUM_ARGS);

  const samples: Record<Mode, Record<string, Sample[]>> = { mobile: {}, slow: {}, desktop: {} };
  const interactions: Record<string, InteractionSample[]> = {};
  const feel: Record<string, FeelSample[]> = {};
  const feelIndices: number[] = [];
  const feelRates: number[] = [];
  try {
    // Rounds, not pages one after the other: a slow minute on the shared machine spreads over
    // every page instead of falling on one, and each round's ratios compare like with like.
    for (let run = 0; run < RUNS; run++) {
      const index = await benchmarkIndex(feelBrowser);
      feelIndices.push(index);
      const rate = FEEL_INDEX > 0 ? calibratedSlowdown(index, FEEL_INDEX) : CPU_SLOWDOWN;
      feelRates.push(rate);
      for (const path of ROUTES) {
        process.stdout.write(`Responsiveness ${label(path)} run ${run + 1}/${RUNS}            \r`);
        feel[path] ??= [];
        try {
          feel[path]?.push(
            await feelSample(feelBrowser, `${server.url}${path}`, `${server.url}${staticOf(path)}`, rate),
          );
        } catch (error) {
          console.error(`\nResponsiveness on ${label(path)} failed:`, error);
          feel[path]?.push({
            longestTask: Number.NaN,
            longestTaskSource: "",
            firstScroll: Number.NaN,
            tapAfterLoad: Number.NaN,
            tapAsReactStarts: Number.NaN,
            darkAsReactStarts: Number.NaN,
            keyAfterLoad: Number.NaN,
            keyInCopy: Number.NaN,
          });
        }
      }
      if (!chrome) continue;
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      try {
        for (const path of ROUTES) {
          process.stdout.write(`Interactions ${label(path)} run ${run + 1}/${RUNS}            \r`);
          interactions[path] ??= [];
          try {
            interactions[path]?.push(await interactionSample(browser, `${server.url}${path}`, path));
          } catch (error) {
            // One failed sample (the shared machine stalled) must not cost the whole run.
            console.error(`\nInteractions on ${label(path)} failed:`, error);
            interactions[path]?.push({
              earlySwitchInp: Number.NaN,
              switchInp: Number.NaN,
              linkInp: Number.NaN,
            });
          }
        }
      } finally {
        await browser.disconnect();
      }
      for (const mode of MODES) {
        for (const path of lighthouseOrder(run)) {
          process.stdout.write(`Lighthouse ${mode} ${label(path)} run ${run + 1}/${RUNS}            \r`);
          const sample = await lighthouseSample(`${server.url}${path}`, chrome.port, mode);
          samples[mode][path] ??= [];
          samples[mode][path]?.push(sample);
        }
      }
    }
  } finally {
    await feelBrowser.close();
    await chrome?.kill();
  }

  let offline: number[] = [];
  if (LIGHTHOUSE) {
    try {
      offline = await offlineRepeatPaint(server.url, chromePath);
    } catch (error) {
      console.error("The offline repeat-visit measurement failed:", error);
    }
  }
  await server.stop();
  removeBaselines();

  const firstLoad = firstLoadJs(DIST);
  const cache = precache(DIST);
  // The raw figures first, so that nothing measured is lost if the summary below fails.
  const resultsDir = join(ROOT, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(
    join(resultsDir, `${stamp}.json`),
    JSON.stringify(
      { samples, interactions, feel, feelIndices, firstLoad, precache: cache, offline },
      null,
      2,
    ),
  );

  const lines: string[] = [];
  const out = (line = "") => {
    lines.push(line);
    console.log(line);
  };
  const stat = (list: Sample[], key: NumericKey) => spread(list.map((sample) => sample[key]));
  /** Per-run ratios and differences: each run's value against the same run's static page. */
  const ratios = (list: Sample[], baseline: Sample[], key: NumericKey) =>
    spread(list.map((sample, run) => sample[key] / (baseline[run]?.[key] || Number.NaN)));
  const differences = (list: Sample[], baseline: Sample[], key: NumericKey) =>
    spread(list.map((sample, run) => sample[key] - (baseline[run]?.[key] ?? Number.NaN)));
  const signed = (format: (value: number) => string) => (value: number) =>
    Number.isFinite(value) ? `${value >= 0 ? "+" : "−"}${format(Math.abs(value))}` : "n/a";

  const indices = spread(
    MODES.flatMap((mode) => Object.values(samples[mode]).flat()).map((sample) => sample.benchmarkIndex),
  );
  out(`# Benchmark (${new Date().toISOString()}, ${RUNS} runs: median (min–max), Lighthouse 12, Chromium)`);
  out();
  out(
    `Host: ${cpus()[0]?.model ?? "unknown CPU"} × ${cpus().length}, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(
        " / ",
      )} at the end; Lighthouse benchmarkIndex ${withRange(indices, plain)} (higher is a faster host).`,
  );
  for (const mode of LIGHTHOUSE ? MODES : []) {
    const byPage = samples[mode];
    /** Each page against its own static copy, run by run (the floor against the home page's). */
    // The floor's copy (the home page's) is not measured when BENCH_PAGES leaves out `/`: n/a.
    const baseline = (path: string) => byPage[staticOf(path)] ?? [];
    out();
    out(`## ${MODE_TITLES[mode]}`);
    out();
    out(
      "| page | perf | perf − no-JS copy | TBT | TBT − no-JS copy | LCP (simulated) | LCP (observed) | LCP ÷ no-JS copy | CLS | TTI | script fetched by the page |",
    );
    out("|---|---|---|---|---|---|---|---|---|---|---|");
    for (const path of PAGES) {
      const list = byPage[path] as Sample[];
      const copy = baseline(path);
      out(
        `| ${label(path)} | ${withRange(stat(list, "performance"), plain)} | ${withRange(differences(list, copy, "performance"), signed(plain))} | ${withRange(stat(list, "tbt"), ms)} | ${withRange(differences(list, copy, "tbt"), signed(ms))} | ${withRange(stat(list, "lcp"), ms)} | ${withRange(stat(list, "observedLcp"), ms)} | ${withRange(ratios(list, copy, "lcp"), ratio)} | ${withRange(stat(list, "cls"), cls)} | ${withRange(stat(list, "tti"), ms)} | ${withRange(stat(list, "pageScriptBytes"), kb)} |`,
      );
    }
    const floor = byPage[FLOOR_PAGE] as Sample[];
    out();
    out(
      `Above the floor (median of per-run differences): ${ROUTES.map((path) => {
        const list = byPage[path] as Sample[];
        const above = (key: NumericKey) => signed(ms)(differences(list, floor, key).median);
        return `${label(path)} TBT ${above("tbt")}, TTI ${above("tti")}`;
      }).join("; ")}.`,
    );
    out();
    out("Long tasks over 50 ms (all runs; the script each belongs to, and its durations):");
    out();
    for (const path of PAGES) {
      const tasks = new Map<string, number[]>();
      for (const sample of byPage[path] as Sample[]) {
        for (const task of sample.longTasks) {
          const name = task.url.replace(/^https?:\/\/[^/]+/, "");
          tasks.set(name, [...(tasks.get(name) ?? []), Math.round(task.duration)]);
        }
      }
      const text = [...tasks].map(([name, durations]) => `${name} (${durations.join(", ")} ms)`).join("; ");
      out(`- ${label(path)}: ${text || "none"}`);
    }
  }
  out();
  out(
    `## What a visitor feels (first visit, ${FEEL_INDEX > 0 ? `CPU slowed ${withRange(spread(feelRates), (rate) => rate.toFixed(1))}× to a device of benchmarkIndex ${FEEL_INDEX}` : `${CPU_SLOWDOWN}× CPU`} in Chromium, a phone's viewport; Event Timing; benchmarkIndex ${withRange(spread(feelIndices), plain)})`,
  );
  out();
  out(
    "| page | longest task, 10 s after the load (reading) | longest task, first scroll (the scrollbar attaches) | tap on the switch right after the load | tap as React starts | that tap until the page is drawn dark | slowest key in the form right after the load | the same in the page's no-JS copy |",
  );
  out("|---|---|---|---|---|---|---|---|");
  const under = (floor: number) => (value: number) =>
    value === 0 ? `< ${floor} ms` : Number.isNaN(value) ? "—" : ms(value);
  for (const path of ROUTES) {
    const list = feel[path] ?? [];
    const column = (key: Exclude<keyof FeelSample, "longestTaskSource">, floor: number) =>
      withRange(spread(list.map((sample) => sample[key])), under(floor));
    const hasForm = list.some((sample) => Number.isFinite(sample.keyAfterLoad));
    out(
      `| ${label(path)} | ${column("longestTask", 50)} | ${column("firstScroll", 50)} | ${column("tapAfterLoad", 16)} | ${column("tapAsReactStarts", 16)} | ${column("darkAsReactStarts", 0)} | ${hasForm ? column("keyAfterLoad", 16) : "no form"} | ${hasForm ? column("keyInCopy", 16) : "no form"} |`,
    );
  }
  out();
  out("The longest task's script in each run (Long Animation Frames):");
  out();
  for (const path of ROUTES)
    out(
      `- ${label(path)}: ${(feel[path] ?? []).map((sample) => sample.longestTaskSource || "none").join("; ")}`,
    );
  if (LIGHTHOUSE) {
    out();
    out("## First interaction (Lighthouse timespan, mobile, 4× CPU, page loaded and idle)");
    out();
    out(
      "| page | INP: the switch right after the load | INP: the switch, React running | INP: a navbar link, React running |",
    );
    out("|---|---|---|---|");
    for (const path of ROUTES) {
      const list = interactions[path] ?? [];
      out(
        `| ${label(path)} | ${withRange(spread(list.map((s) => s.earlySwitchInp)), ms)} | ${withRange(spread(list.map((s) => s.switchInp)), ms)} | ${withRange(spread(list.map((s) => s.linkInp)), ms)} |`,
      );
    }
  }
  out();
  out("## Bytes");
  out();
  out("| page | JS up front (gzip) | files | JS once React runs (gzip) | files |");
  out("|---|---|---|---|---|");
  for (const page of firstLoad)
    out(
      `| ${page.route} | ${kb(page.jsGzip)} | ${page.files.length} | ${kb(page.appGzip)} | ${page.appFiles.length} |`,
    );
  out();
  out(
    `Precache: ${cache.entries} entries, ${kb(cache.gzipBytes)} to download (gzip), ${kb(cache.bytes)} decoded.`,
  );
  out();
  if (LIGHTHOUSE)
    out(
      `Repeat visit offline, first contentful paint: median ${ms(median(offline))} (${offline.map(ms).join(", ")}).`,
    );

  writeFileSync(join(resultsDir, `${stamp}.md`), `${lines.join("\n")}\n`);
  console.log(`\nWritten to bench/results/${stamp}.md`);
  // A foreign build's figures, or a part of the figures, are kept in bench/results/ only.
  if (SAVE && !process.env.BENCH_DIST && LIGHTHOUSE && FEEL_INDEX === 0) {
    writeSection(join(ROOT, "bench/latest.md"), PAGE_SECTION, lines.join("\n"));
    console.log("and to bench/latest.md");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
