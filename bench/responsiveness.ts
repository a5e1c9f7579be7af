/**
 * What a visitor on a slow phone feels while React starts (`npm run bench`, BENCH_LIGHTHOUSE=0 for
 * these rows alone): Chromium with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), a phone's
 * viewport and touch, a first visit each time, driven without a debugger's Runtime domain as a
 * visitor's browser runs (bench/bare-chromium.ts says what that domain costs React). Per page:
 *
 * - the longest task in the 10 s after the load while the visitor only reads (Long Tasks API: tasks
 *   under 50 ms are not reported, and count as 0);
 * - the longest task from the first scroll (the wheel, once React runs and the browser is idle)
 *   until the custom scrollbar has attached (src/app/use-custom-scrollbar.ts: it waits for that);
 * - the Event Timing duration (input delay + handlers + the next paint) of a tap on the theme switch
 *   right after the load, of a tap made the moment React starts (when `<html data-react>` appears,
 *   src/main.tsx), and the time from that tap until the page is drawn dark (the switch's turn is
 *   painted first, the page's restyle a frame later: src/features/theme/apply-theme.ts), and, where
 *   the page has a form, of the slowest key typed into it right after the load (React starts at the
 *   typing's first pause, src/boot.ts), and of the same keys in the page's no-JS copy (what the
 *   browser's own text input costs on this host, before any script).
 *   Durations under 16 ms are not reported by the browser and count as 0.
 */

import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import type { BareChromium, BarePage } from "./bare-chromium";

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
  /**
   * From that tap (its `pointerdown`) until the main thread has drawn the frame with the dark theme
   * (its style, layout and paint; the raster and the compositor come after).
   */
  darkAsReactStarts: number;
  /** NaN on a page without a form. */
  keyAfterLoad: number;
  /** The same keys in the page's no-JS copy; NaN on a page without a form. */
  keyInCopy: number;
}

/**
 * Records long tasks, long animation frames and every Event Timing entry from the page's start,
 * and `__feelReactStarted`, a promise of the moment React starts (`<html data-react>`,
 * src/main.tsx; observed on the document: an init script runs before the parser made `<html>`).
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
  addEventListener("pointerdown", (event) => { record.tapAt ??= event.timeStamp; }, { capture: true });
  window.__feelDark = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.getAttribute("data-theme") !== "dark") return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - record.tapAt)));
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
  });
  window.__feelReactStarted = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement?.hasAttribute("data-react")) return;
      observer.disconnect();
      resolve(true);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-react"] });
  });
})()`;

const AFTER_NEXT_PAINT = "new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))";

/** A fresh first visit, loaded and painted once after the load (what a visitor sees before acting). */
async function visit(browser: BareChromium, url: string, rate: number): Promise<BarePage> {
  const page = await browser.newPage(rate, RECORDER);
  try {
    await page.goto(url);
    await page.evaluate(AFTER_NEXT_PAINT);
    return page;
  } catch (error) {
    await page.close();
    throw error;
  }
}

/** The longest interaction among `types` that started at or after `since` (page time): its duration. */
async function slowestInteraction(page: BarePage, types: string[], since: number): Promise<number> {
  // Event Timing reports an interaction once its next frame is presented.
  await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)))");
  return page.evaluate(
    `Math.max(0, ...window.__feel.events
      .filter((e) => e.interactionId > 0 && ${JSON.stringify(types)}.includes(e.name) && e.startTime >= ${since})
      .map((e) => e.duration))`,
  );
}

const now = (page: BarePage) => page.evaluate<number>("performance.now()");
const SWITCH = 'nav [role="switch"]';
const DARK = 'document.documentElement.getAttribute("data-theme") === "dark"';
const TAP = ["pointerdown", "pointerup", "click"];
const KEY = ["keydown", "keyup", "keypress"];

async function longestTask(browser: BareChromium, url: string, rate: number): Promise<[number, string]> {
  const page = await visit(browser, url, rate);
  try {
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    return await page.evaluate<[number, string]>(`(() => {
      const load = performance.getEntriesByType("navigation")[0].loadEventStart;
      const tasks = window.__feel.tasks.filter((t) => t.startTime >= load && t.startTime < load + ${WATCH_MS});
      const longest = tasks.reduce((a, t) => (t.duration > a.duration ? t : a), { duration: 0, startTime: 0 });
      const frame = window.__feel.frames.find((f) => f.startTime <= longest.startTime + 1 && f.startTime + f.duration >= longest.startTime + longest.duration - 1);
      const script = frame?.scripts?.reduce((a, s) => (s.duration > (a?.duration ?? -1) ? s : a), undefined);
      const source = script ? (script.sourceURL.replace(/^https?:\\/\\/[^/]+/, "") || script.invoker) + " (" + script.invoker + ")" : "";
      return [longest.duration, source];
    })()`);
  } finally {
    await page.close();
  }
}

async function firstScroll(browser: BareChromium, url: string, rate: number): Promise<number> {
  const page = await visit(browser, url, rate);
  try {
    await page.evaluate("window.__feelReactStarted");
    await page.evaluate("new Promise((resolve) => requestIdleCallback(resolve))");
    const since = await now(page);
    await page.wheel(200, 400, 300);
    await page.waitFor('document.documentElement.hasAttribute("data-overlayscrollbars")');
    await page.evaluate(AFTER_NEXT_PAINT);
    return await page.evaluate<number>(
      `Math.max(0, ...window.__feel.tasks.filter((t) => t.startTime >= ${since}).map((t) => t.duration))`,
    );
  } finally {
    await page.close();
  }
}

async function tapAfterLoad(browser: BareChromium, url: string, rate: number): Promise<number> {
  const page = await visit(browser, url, rate);
  try {
    const { x, y } = await page.centre(SWITCH);
    const since = await now(page);
    await page.tap(x, y);
    await page.waitFor(DARK);
    return await slowestInteraction(page, TAP, since);
  } finally {
    await page.close();
  }
}

/** The tap's Event Timing, and the time until the page is drawn dark. */
async function tapAsReactStarts(browser: BareChromium, url: string, rate: number): Promise<[number, number]> {
  const page = await visit(browser, url, rate);
  try {
    // Where to tap, found beforehand, so that nothing waits for the page between React's start and the tap.
    const { x, y } = await page.centre(SWITCH);
    // React starts by itself once the browser has been idle after the load (src/boot.ts).
    await page.evaluate("window.__feelReactStarted");
    await page.tap(x, y);
    await page.waitFor(DARK);
    const dark = await page.evaluate<number>("window.__feelDark");
    return [await slowestInteraction(page, TAP, 0), dark];
  } finally {
    await page.close();
  }
}

async function keyAfterLoad(browser: BareChromium, url: string, rate: number): Promise<number> {
  const page = await visit(browser, url, rate);
  try {
    if (!(await page.evaluate<boolean>('document.getElementById("contact-name") !== null')))
      return Number.NaN;
    const { x, y } = await page.centre("#contact-name");
    await page.tap(x, y);
    const since = await now(page);
    await page.type("A visitor");
    await page.waitFor('document.activeElement?.value === "A visitor"');
    return await slowestInteraction(page, KEY, since);
  } finally {
    await page.close();
  }
}

/**
 * One sample of every measure on one page, each on a fresh first visit, the CPU slowed `rate`×;
 * `copyUrl` is the page's no-JS copy.
 */
export async function feelSample(
  browser: BareChromium,
  url: string,
  copyUrl: string,
  rate: number,
): Promise<FeelSample> {
  const [longest, source] = await longestTask(browser, url, rate);
  const scroll = await firstScroll(browser, url, rate);
  const tapLoaded = await tapAfterLoad(browser, url, rate);
  const [tap, dark] = await tapAsReactStarts(browser, url, rate);
  return {
    longestTask: longest,
    longestTaskSource: source,
    firstScroll: scroll,
    tapAfterLoad: tapLoaded,
    tapAsReactStarts: tap,
    darkAsReactStarts: dark,
    keyAfterLoad: await keyAfterLoad(browser, url, rate),
    keyInCopy: await keyAfterLoad(browser, copyUrl, rate),
  };
}

/** Lighthouse's benchmarkIndex, measured the way Lighthouse does, on an unthrottled page. */
export async function benchmarkIndex(browser: BareChromium): Promise<number> {
  const page = await browser.newPage(1);
  try {
    return await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await page.close();
  }
}
