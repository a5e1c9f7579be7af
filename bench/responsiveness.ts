/**
 * What a visitor on a slow phone feels while React starts (`npm run bench`, BENCH_LIGHTHOUSE=0 for
 * these rows alone): Chromium with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a phone's
 * viewport and touch, a first visit each time. Per page:
 *
 * - the longest task in the 10 s after the load while the visitor only reads (Long Tasks API: tasks
 *   under 50 ms are not reported, and count as 0);
 * - the longest task from the first scroll (the wheel, once React runs and the browser is idle)
 *   until the custom scrollbar has attached (src/app/use-custom-scrollbar.ts: it waits for that);
 * - the Event Timing duration (input delay + handlers + the next paint) of a tap on the theme switch
 *   right after the load, of a tap made the moment React starts (when `<html data-react>` appears,
 *   src/main.tsx), and, where the page has a form, of the slowest key typed into it right after
 *   the load (the focus starts React, so the keys meet its start). Durations under 16 ms are not
 *   reported by the browser and count as 0.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

export const CPU_SLOWDOWN = 4;

/**
 * The slowdown that makes this host run like a device of benchmarkIndex `target` (at least 1×):
 * 4× on a host of index 2,750 emulates a device of about 690. On a slower or busier host, 4×
 * emulates a slower device than it did there; Lighthouse's docs calibrate its multiplier the same way.
 */
export const calibratedSlowdown = (hostIndex: number, target: number): number =>
  Math.max(1, Math.round((hostIndex / target) * 100) / 100);
/** How long after the load the longest task is looked for. */
const WATCH_MS = 10_000;

export interface FeelSample {
  longestTask: number;
  /** The script the longest task ran, as Long Animation Frames attribute it (for reading, not tables). */
  longestTaskSource: string;
  /** The longest task from the first scroll until the custom scrollbar attached. */
  firstScroll: number;
  tapAfterLoad: number;
  tapAsReactStarts: number;
  /** NaN on a page without a form. */
  keyAfterLoad: number;
}

/**
 * Records long tasks, long animation frames and every Event Timing entry from the page's start.
 * A string: tsx would wrap a function's inner helpers in a `__name` call the page does not have.
 */
const RECORDER = `(() => {
  const record = (window.__feel = { tasks: [], frames: [], events: [] });
  const observe = (type, list, extra) => {
    try {
      new PerformanceObserver((entries) => list.push(...entries.getEntries())).observe({ type, buffered: true, ...extra });
    } catch {}
  };
  observe("longtask", record.tasks);
  observe("long-animation-frame", record.frames);
  observe("event", record.events, { durationThreshold: 16 });
})()`;

async function throttledPage(
  browser: Browser,
  rate: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(RECORDER);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return { context, page };
}

/** Loaded, and painted once after the load (what a visitor sees before acting). */
async function loadPage(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))");
}

/** The longest interaction among `types` that started at or after `since` (page time): its duration. */
async function slowestInteraction(page: Page, types: string[], since: number): Promise<number> {
  // Event Timing reports an interaction once its next frame is presented.
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))");
  return page.evaluate(
    `Math.max(0, ...window.__feel.events
      .filter((e) => e.interactionId > 0 && ${JSON.stringify(types)}.includes(e.name) && e.startTime >= ${since})
      .map((e) => e.duration))`,
  ) as Promise<number>;
}

const now = (page: Page) => page.evaluate("performance.now()") as Promise<number>;
const SWITCH = 'nav [role="switch"]';
const TAP = ["pointerdown", "pointerup", "click"];
const KEY = ["keydown", "keyup", "keypress"];

async function longestTask(browser: Browser, url: string, rate: number): Promise<[number, string]> {
  const { context, page } = await throttledPage(browser, rate);
  try {
    await loadPage(page, url);
    await page.waitForTimeout(WATCH_MS);
    const [duration, source] = (await page.evaluate(`(() => {
      const load = performance.getEntriesByType("navigation")[0].loadEventStart;
      const tasks = window.__feel.tasks.filter((t) => t.startTime >= load && t.startTime < load + ${WATCH_MS});
      const longest = tasks.reduce((a, t) => (t.duration > a.duration ? t : a), { duration: 0, startTime: 0 });
      const frame = window.__feel.frames.find((f) => f.startTime <= longest.startTime + 1 && f.startTime + f.duration >= longest.startTime + longest.duration - 1);
      const script = frame?.scripts?.reduce((a, s) => (s.duration > (a?.duration ?? -1) ? s : a), undefined);
      const source = script ? (script.sourceURL.replace(/^https?:\\/\\/[^/]+/, "") || script.invoker) + " (" + script.invoker + ")" : "";
      return [longest.duration, source];
    })()`)) as [number, string];
    return [duration, source];
  } finally {
    await context.close();
  }
}

async function firstScroll(browser: Browser, url: string, rate: number): Promise<number> {
  const { context, page } = await throttledPage(browser, rate);
  try {
    await loadPage(page, url);
    // Functions, not strings: the page's CSP forbids eval, which a string predicate needs.
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-react"), undefined, {
      timeout: 60_000,
    });
    await page.evaluate("new Promise((resolve) => requestIdleCallback(resolve))");
    const since = await now(page);
    await page.mouse.move(200, 400);
    await page.mouse.wheel(0, 300);
    await page.waitForFunction(
      () => document.documentElement.hasAttribute("data-overlayscrollbars"),
      undefined,
      {
        timeout: 60_000,
      },
    );
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))");
    return (await page.evaluate(
      `Math.max(0, ...window.__feel.tasks.filter((t) => t.startTime >= ${since}).map((t) => t.duration))`,
    )) as number;
  } finally {
    await context.close();
  }
}

async function tapAfterLoad(browser: Browser, url: string, rate: number): Promise<number> {
  const { context, page } = await throttledPage(browser, rate);
  try {
    await loadPage(page, url);
    const since = await now(page);
    await page.tap(SWITCH);
    await page.waitForSelector('html[data-theme="dark"]');
    return await slowestInteraction(page, TAP, since);
  } finally {
    await context.close();
  }
}

async function tapAsReactStarts(browser: Browser, url: string, rate: number): Promise<number> {
  const { context, page } = await throttledPage(browser, rate);
  try {
    let reactStarted = () => {};
    const started = new Promise<void>((resolve) => {
      reactStarted = resolve;
    });
    await page.exposeBinding("__reactStarted", () => reactStarted());
    // The document, not <html>: an init script runs before the parser has made the element.
    await page.addInitScript(`new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute("data-react")) return;
      observer.disconnect();
      window.__reactStarted();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-react"] })`);
    await loadPage(page, url);
    // Where to tap, found beforehand: a locator's checks would wait for the page's main thread.
    const box = await page.locator(SWITCH).boundingBox();
    if (!box) throw new Error("no theme switch on the page");
    // React starts by itself once the browser has been idle after the load (src/boot.ts).
    await started;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForSelector('html[data-theme="dark"]');
    return await slowestInteraction(page, TAP, 0);
  } finally {
    await context.close();
  }
}

async function keyAfterLoad(browser: Browser, url: string, rate: number): Promise<number> {
  const { context, page } = await throttledPage(browser, rate);
  try {
    await loadPage(page, url);
    const field = page.getByLabel("Name");
    if ((await field.count()) === 0) return Number.NaN;
    await field.tap();
    const since = await now(page);
    await page.keyboard.type("A visitor");
    // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
    await page.waitForFunction(
      () => (document.activeElement as HTMLInputElement | null)?.value === "A visitor",
    );
    return await slowestInteraction(page, KEY, since);
  } finally {
    await context.close();
  }
}

/** One sample of every measure on one page, each on a fresh first visit, the CPU slowed `rate`×. */
export async function feelSample(browser: Browser, url: string, rate: number): Promise<FeelSample> {
  const [longest, source] = await longestTask(browser, url, rate);
  return {
    longestTask: longest,
    longestTaskSource: source,
    firstScroll: await firstScroll(browser, url, rate),
    tapAfterLoad: await tapAfterLoad(browser, url, rate),
    tapAsReactStarts: await tapAsReactStarts(browser, url, rate),
    keyAfterLoad: await keyAfterLoad(browser, url, rate),
  };
}

/** Lighthouse's benchmarkIndex, measured the way Lighthouse does, on an unthrottled page. */
export async function benchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return (await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number;
  } finally {
    await page.close();
  }
}
