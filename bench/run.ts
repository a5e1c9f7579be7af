/**
 * `npm run bench`: builds the app, serves it with the real server, and measures it.
 *
 * - Lighthouse 12 (mobile default: simulated slow 4G, 4× CPU; and desktop), RUNS times per page;
 *   the table shows medians.
 * - The same server also serves a plain static HTML page of the home page's content (the
 *   prerendered HTML with every script removed): our LCP and FCP are printed as ratios to it.
 * - First-load JS per route (gzip), the precache size, and the first paint of a repeat visit
 *   made offline (service worker only).
 *
 * Results go to bench/results/ (ignored by git) and bench/latest.md (committed).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { appPaths } from "../src/config/routes";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium";
import { closedPort } from "../tests/support/net";
import { firstLoadJs, precache } from "./measure";

const ROOT = join(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STATIC_PAGE = "/bench-static.html";
const PAGES = [...appPaths, STATIC_PAGE];

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  jsBytes: number;
  totalBytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

function medianSample(samples: Sample[]): Sample {
  const keys = Object.keys(samples[0] as Sample) as Array<keyof Sample>;
  return Object.fromEntries(
    keys.map((key) => [key, median(samples.map((sample) => sample[key]))]),
  ) as unknown as Sample;
}

/** The home page's prerendered HTML without any JavaScript: the baseline to compare with. */
function writeStaticPage(): void {
  const html = readFileSync(join(DIST, "index.html"), "utf8")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, "")
    .replace(/<link[^>]+rel="manifest"[^>]*>/g, "");
  writeFileSync(join(DIST, STATIC_PAGE.slice(1)), html);
}

async function startServer(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "portfolio-bench-"));
  const child = spawn(join(ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (tries > 150) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function lighthouseSample(url: string, port: number, desktop: boolean): Promise<Sample> {
  const flags: Flags = { port, output: "json", logLevel: "error" };
  const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = (
    audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
  )?.items;
  const bytes = (type: string) => items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    speedIndex: numeric("speed-index"),
    jsBytes: bytes("script"),
    totalBytes: bytes("total"),
  };
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

const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
  console.log("Building…");
  const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("npm run build failed");
  writeStaticPage();

  const port = await closedPort();
  const server = await startServer(port);
  const chromePath = findChromium();
  const chrome = await chromeLauncher.launch({
    ...(chromePath ? { chromePath } : {}),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });

  const results: Record<"mobile" | "desktop", Record<string, Sample>> = { mobile: {}, desktop: {} };
  try {
    for (const mode of ["mobile", "desktop"] as const) {
      for (const path of PAGES) {
        const samples: Sample[] = [];
        for (let run = 0; run < RUNS; run++) {
          process.stdout.write(`Lighthouse ${mode} ${path} run ${run + 1}/${RUNS}\r`);
          samples.push(await lighthouseSample(`${server.url}${path}`, chrome.port, mode === "desktop"));
        }
        results[mode][path] = medianSample(samples);
      }
    }
  } finally {
    await chrome.kill();
  }

  let offline: number[] = [];
  try {
    offline = await offlineRepeatPaint(server.url, chromePath);
  } catch (error) {
    console.error("The offline repeat-visit measurement failed:", error);
  }
  server.stop();
  rmSync(join(DIST, STATIC_PAGE.slice(1)), { force: true });

  const firstLoad = firstLoadJs(DIST);
  const cache = precache(DIST);

  const lines: string[] = [];
  const out = (line = "") => {
    lines.push(line);
    console.log(line);
  };
  out(`# Benchmark (${new Date().toISOString()}, median of ${RUNS} runs, Lighthouse 12, Chromium)`);
  for (const mode of ["mobile", "desktop"] as const) {
    const baseline = results[mode][STATIC_PAGE] as Sample;
    out();
    out(`## ${mode}${mode === "mobile" ? " (simulated slow 4G, 4× CPU)" : ""}`);
    out();
    out(
      "| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | Speed Index | JS | total | LCP ÷ static | FCP ÷ static |",
    );
    out("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (const path of PAGES) {
      const s = results[mode][path] as Sample;
      const label = path === STATIC_PAGE ? "static HTML (no JS)" : path;
      out(
        `| ${label} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${ms(s.fcp)} | ${ms(s.lcp)} | ${ms(s.tbt)} | ${s.cls.toFixed(3)} | ${ms(s.speedIndex)} | ${kb(s.jsBytes)} | ${kb(s.totalBytes)} | ${(s.lcp / baseline.lcp).toFixed(2)} | ${(s.fcp / baseline.fcp).toFixed(2)} |`,
      );
    }
  }
  out();
  out("## Bytes");
  out();
  out("| page | first-load JS (gzip) | files |");
  out("|---|---|---|");
  for (const page of firstLoad) out(`| ${page.route} | ${kb(page.jsGzip)} | ${page.files.length} |`);
  out();
  out(
    `Precache: ${cache.entries} entries, ${kb(cache.gzipBytes)} to download (gzip), ${kb(cache.bytes)} decoded.`,
  );
  out();
  out(
    `Repeat visit offline, first contentful paint: median ${ms(median(offline))} (${offline.map(ms).join(", ")}).`,
  );

  const resultsDir = join(ROOT, "bench/results");
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  writeFileSync(
    join(resultsDir, `${stamp}.json`),
    JSON.stringify({ results, firstLoad, precache: cache, offline }, null, 2),
  );
  writeFileSync(join(resultsDir, `${stamp}.md`), `${lines.join("\n")}\n`);
  writeFileSync(join(ROOT, "bench/latest.md"), `${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
