/**
 * Issue 26's behaviours in Firefox ESR and WebKitGTK, the engines Playwright's suite does not
 * drive here (docs/testing.md, "Other engines"): Firefox over WebDriver BiDi (puppeteer-core),
 * WebKitGTK's MiniBrowser over WebDriver (WebKitWebDriver, selenium-webdriver) on a virtual
 * display. Builds nothing: it serves `dist/` (`npm run build` first) with the real server, behind a
 * proxy that holds React's chunk back until a check lets it through, as holdReact does in
 * Playwright. Each visit is a new visitor (a fresh browser context or session). Prints what each
 * engine showed and exits 1 if a check failed. `ENGINES=firefox` or `ENGINES=webkit` runs one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pngjs from "pngjs";
import puppeteer from "puppeteer-core";
import { Builder, By, Key, Origin, type WebDriver } from "selenium-webdriver";
import { profile } from "../../src/content/profile";
import { REACT_APP } from "../e2e/fixtures";
import { ROOT, startServer, storedMessages } from "../e2e/server";
import { startFaultProxy } from "../support/fault-proxy";
import { closedPort } from "../support/net";

const FIREFOX = "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const XVFB = "/usr/bin/Xvfb";
const VIEWPORT = { width: 1280, height: 800 };
const ROUTES = ["/", "/skills", "/project", "/contact", "/no-such-page"];
const SWITCH = 'nav [role="switch"]';
const PROJECTS = 'nav a.navbar__link[href="/project"]';

/** One browser tab of a new visitor, whatever drives it. */
interface Tab {
  goto(url: string): Promise<void>;
  /** Runs `fn` in the page (it is sent as source: it may use nothing from this file). */
  run<A, R>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  pressTab(): Promise<void>;
  /** A real mouse click in the middle of the element. */
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  /** The element's pixels, as PNG. */
  shot(selector: string): Promise<Buffer>;
  /** Moves the mouse off every control. */
  mouseAway(): Promise<void>;
  reload(): Promise<void>;
  close(): Promise<void>;
}

interface Engine {
  name: string;
  version: string;
  /** What the engine's native scrollbar is like here. */
  setup: string;
  open(): Promise<Tab>;
  quit(): Promise<void>;
}

const missing = [FIREFOX, WEBKIT_DRIVER, MINIBROWSER, XVFB].filter((path) => {
  try {
    accessSync(path);
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  console.error(
    `Missing ${missing.join(", ")}: on Debian, apt-get install -y firefox-esr webkit2gtk-driver xvfb`,
  );
  process.exit(2);
}
try {
  accessSync(join(ROOT, "dist/index.html"));
} catch {
  console.error("No build in dist/: run npm run build first.");
  process.exit(2);
}

/**
 * `fn` called with `arg`, as an expression for the page. tsx keeps functions' names by wrapping
 * them in a `__name` helper that only exists here: the page gets one that does nothing.
 */
function inPage<A, R>(fn: (arg: A) => R, arg?: A): string {
  return `((__name) => (${fn})(${JSON.stringify(arg) ?? ""}))((f) => f)`;
}

/** Firefox with its classic (non-overlay) 12 px scrollbar, as on a desktop without GTK overlay scrolling. */
async function firefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: {
      "widget.gtk.overlay-scrollbars.enabled": false,
      "widget.non-native-theme.scrollbar.size.override": 12,
    },
  });
  return {
    name: "Firefox",
    version: await browser.version(),
    setup: "headless, classic scrollbar forced to 12 px",
    quit: () => browser.close(),
    async open() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      return {
        goto: async (url) => void (await page.goto(url)),
        run: (fn, arg) => page.evaluate(inPage(fn, arg)) as never,
        pressTab: () => page.keyboard.press("Tab"),
        click: (selector) => page.click(selector),
        type: (selector, text) => page.type(selector, text),
        shot: async (selector) =>
          Buffer.from((await (await page.$(selector))?.screenshot()) ?? new Uint8Array()),
        mouseAway: () => page.mouse.move(0, VIEWPORT.height - 1),
        reload: async () => void (await page.reload()),
        close: () => context.close(),
      };
    },
  };
}

/** Starts `command` and resolves when `ready` says so (or rejects after 30 s). */
async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (output: string) => boolean,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const read = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  for (const deadline = Date.now() + 30_000; !(await Promise.resolve(ready(output))); ) {
    if (child.exitCode !== null) throw new Error(`${command} exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`${command} did not start: ${output}`);
    await sleep(100);
  }
  return { child, output: () => output };
}

/**
 * WebKitGTK's MiniBrowser on a virtual display (it has no headless mode), with GTK's overlay
 * scrolling off so that the native scrollbar takes room.
 */
async function webkit(): Promise<Engine> {
  const xvfb = await startProcess(
    XVFB,
    ["-displayfd", "1", "-screen", "0", "1600x1200x24"],
    process.env,
    (out) => /^\d+\s*$/m.test(out),
  );
  const display = `:${xvfb.output().trim()}`;
  const config = mkdtempSync(join(tmpdir(), "engines-gtk-"));
  mkdirSync(join(config, "gtk-3.0"));
  writeFileSync(join(config, "gtk-3.0/settings.ini"), "[Settings]\ngtk-overlay-scrolling = false\n");
  const port = await closedPort();
  const url = `http://127.0.0.1:${port}`;
  let listening = false;
  const driver = await startProcess(
    WEBKIT_DRIVER,
    [`--port=${port}`],
    { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: config },
    () => {
      if (!listening)
        void fetch(`${url}/status`).then(
          () => {
            listening = true;
          },
          () => {},
        );
      return listening;
    },
  );
  const capabilities = {
    browserName: "MiniBrowser",
    "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
  };
  const session = async (): Promise<WebDriver> => {
    const browser = await new Builder().usingServer(url).withCapabilities(capabilities).build();
    await browser.manage().window().setRect(VIEWPORT);
    return browser;
  };
  const first = await session();
  const version = String((await first.getCapabilities()).get("browserVersion"));
  await first.quit();
  return {
    name: "WebKitGTK",
    version,
    setup: "MiniBrowser on Xvfb, GTK overlay scrolling off",
    quit: async () => {
      driver.child.kill();
      xvfb.child.kill();
      rmSync(config, { recursive: true, force: true });
    },
    async open() {
      const browser = await session();
      const element = (selector: string) => browser.findElement(By.css(selector));
      return {
        goto: (to) => browser.get(to),
        run: (fn, arg) => browser.executeScript(`return ${inPage(fn, arg)}`) as never,
        pressTab: () => browser.actions().sendKeys(Key.TAB).perform(),
        click: async (selector) => (await element(selector)).click(),
        type: async (selector, text) => (await element(selector)).sendKeys(text),
        shot: async (selector) => Buffer.from(await (await element(selector)).takeScreenshot(), "base64"),
        mouseAway: () =>
          browser
            .actions()
            .move({ x: 0, y: VIEWPORT.height - 100, origin: Origin.VIEWPORT })
            .perform(),
        reload: () => browser.navigate().refresh(),
        close: () => browser.quit(),
      };
    },
  };
}

/** Polls `fn` in the page until it returns something truthy. */
async function waitFor<A, R>(
  tab: Tab,
  what: string,
  fn: (arg: A) => R,
  arg?: A,
  timeout = 30_000,
): Promise<R> {
  for (const deadline = Date.now() + timeout; ; ) {
    const value = await tab.run(fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** In the page: the heading is shown and the first slide-in is over (as pageStill in Playwright). */
function slideInOver(): boolean {
  const content = document.querySelector("main .page");
  const heading = document.querySelector("main h1");
  return (
    content !== null &&
    heading !== null &&
    heading.getBoundingClientRect().width > 0 &&
    (document.querySelector("main")?.getAnimations({ subtree: true }) ?? []).every(
      (animation) => animation.playState !== "running",
    ) &&
    new DOMMatrix(getComputedStyle(content).transform).m41 === 0
  );
}

/**
 * In the page: records in every frame, and every 10 ms besides (MiniBrowser on Xvfb can go seconds
 * without a frame), the heading's box, the focus and its ring, React and the scrollbar.
 */
function recordFrames(): void {
  const samples: unknown[] = [];
  (window as unknown as { frames_: unknown[] }).frames_ = samples;
  const html = document.documentElement;
  const sample = (frame: boolean) => {
    const box = document.querySelector("main h1")?.getBoundingClientRect();
    const focused = document.activeElement;
    samples.push({
      left: box?.left,
      top: box?.top,
      focus: focused?.textContent?.trim(),
      ring: focused?.matches(":focus-visible") ?? false,
      outline: focused ? getComputedStyle(focused).outlineStyle : "none",
      react: html.hasAttribute("data-react"),
      scrollbar: html.hasAttribute("data-overlayscrollbars"),
      frame,
    });
  };
  const frame = () => {
    sample(true);
    requestAnimationFrame(frame);
  };
  frame();
  setInterval(() => sample(false), 10);
}

interface Frame {
  left: number;
  top: number;
  focus: string;
  ring: boolean;
  outline: string;
  react: boolean;
  scrollbar: boolean;
  /** Sampled in an animation frame (else by the timer). */
  frame: boolean;
}

/** The pixels of two same-sized PNGs more than anti-aliasing apart (as tests/e2e/theme.spec.ts). */
function pixelsApart(a: Buffer, b: Buffer): number {
  const [first, second] = [a, b].map((image) => pngjs.PNG.sync.read(image));
  if (!first || !second || first.width !== second.width || first.height !== second.height)
    return Number.POSITIVE_INFINITY;
  let apart = 0;
  for (let i = 0; i < first.data.length; i += 4) {
    const gap = Math.max(
      ...[0, 1, 2, 3].map((k) => Math.abs((first.data[i + k] ?? 0) - (second.data[i + k] ?? 0))),
    );
    if (gap > 32) apart += 1;
  }
  return apart;
}

/** Compares two shots of the switch; keeps them in a temp folder when they differ, for a look. */
function sameSwitch(engine: Engine, label: string, before: Buffer, after: Buffer): string {
  const apart = pixelsApart(before, after);
  if (apart === 0) return `switch (${label}) the same before and after React`;
  const dir = mkdtempSync(join(tmpdir(), "engines-switch-"));
  writeFileSync(join(dir, `${engine.name}-${label}-before.png`), before);
  writeFileSync(join(dir, `${engine.name}-${label}-after.png`), after);
  return `switch (${label}) ${apart} pixels apart (shots in ${dir})`;
}

interface Result {
  engine: string;
  check: string;
  ok: boolean;
  seen: string;
}
const results: Result[] = [];

async function check(engine: Engine, name: string, body: () => Promise<{ ok: boolean; seen: string }>) {
  const start = Date.now();
  let result: { ok: boolean; seen: string };
  try {
    result = await body();
  } catch (error) {
    result = { ok: false, seen: `error: ${(error as Error).message.split("\n")[0]}` };
  }
  results.push({ engine: engine.name, check: name, ...result });
  console.log(
    `${result.ok ? "ok  " : "FAIL"} ${engine.name} ${name}: ${result.seen} (${((Date.now() - start) / 1000).toFixed(1)} s)`,
  );
}

const switchDrawn = () =>
  document.querySelector('nav .toggle-switch__lottie[data-ready="true"] svg') !== null &&
  document.querySelector("nav .toggle-switch__static") === null;

/** The switch as the visitor sees it, with no hover and no focus ring. */
async function switchShot(tab: Tab): Promise<Buffer> {
  await tab.mouseAway();
  await tab.run(() => (document.activeElement as HTMLElement | null)?.blur());
  return tab.shot(SWITCH);
}

/**
 * In the page: records, in every frame from now on, where the switch's drawn knob is once the
 * animation shows (its offset in the switch, px): one value means it never moved by itself.
 */
function recordKnob(): void {
  const offsets = new Set<number>();
  (window as unknown as { knob_: Set<number> }).knob_ = offsets;
  const frame = () => {
    const toggle = document.querySelector('nav [role="switch"]');
    const knob = toggle?.querySelector('.toggle-switch__lottie[data-ready="true"] .toggle-knob');
    if (toggle && knob)
      offsets.add(Math.round(knob.getBoundingClientRect().left - toggle.getBoundingClientRect().left));
    requestAnimationFrame(frame);
  };
  frame();
}
const knobOffsets = () => [...(window as unknown as { knob_: Set<number> }).knob_];

/**
 * Turns the wheel upwards at the top of the page (nothing scrolls): the scrollbar attaches on a wish
 * to scroll once React runs (src/app/use-custom-scrollbar.ts), as in takeover.spec.ts. Turned again
 * a second later if it has not attached (React's listeners may not have been there yet); true once
 * React runs and the scrollbar is attached.
 */
function wheelUntilAttached(): boolean {
  const html = document.documentElement;
  const page = window as unknown as { wheeled_?: number };
  if (page.wheeled_ === undefined || performance.now() - page.wheeled_ > 1000) {
    page.wheeled_ = performance.now();
    window.dispatchEvent(new WheelEvent("wheel", { deltaY: -100 }));
  }
  return html.hasAttribute("data-react") && html.hasAttribute("data-overlayscrollbars");
}

/** Starts React as a touch would, pressed and released (repeated until the boot module listens). */
function touch(): boolean {
  document.dispatchEvent(new Event("touchstart"));
  document.dispatchEvent(new Event("touchend"));
  return document.documentElement.hasAttribute("data-react");
}

async function runEngine(engine: Engine, origin: string, hold: () => () => void, outboxUrl: OutboxServer) {
  const visit = async <T>(body: (tab: Tab, release: () => void) => Promise<T>): Promise<T> => {
    const release = hold();
    const tab = await engine.open();
    try {
      return await body(tab, release);
    } finally {
      release();
      await tab.close();
    }
  };

  for (const route of ROUTES.filter(() => !only || only === "1"))
    await check(engine, `1+2 ${route}: heading still, focus ring kept`, () =>
      visit(async (tab, release) => {
        await tab.goto(origin + route);
        await waitFor(tab, "the end of the slide-in", slideInOver);
        const gap = await tab.run(() => window.innerWidth - document.documentElement.clientWidth);
        for (let presses = 0; presses < 12; presses++) {
          if (await tab.run(() => document.activeElement?.matches("nav a.navbar__link[href='/project']")))
            break;
          await tab.pressTab();
        }
        await tab.run(recordFrames);
        release();
        await waitFor(tab, "React", touch);
        await waitFor(tab, "React and the scrollbar", wheelUntilAttached);
        // An observation window, as in takeover.spec.ts.
        await sleep(2000);
        const [first, ...rest] = await tab.run(() => (window as unknown as { frames_: Frame[] }).frames_);
        if (!first) return { ok: false, seen: "no frames sampled" };
        const attached = rest.filter((frame) => frame.scrollbar).length;
        const moved = rest.filter((frame) => frame.left !== first.left || frame.top !== first.top);
        const lost = rest.filter(
          (frame) => frame.focus !== "Projects" || !frame.ring || frame.outline === "none",
        );
        const ok =
          gap > 0 &&
          !first.react &&
          !first.scrollbar &&
          attached > 10 &&
          first.focus === "Projects" &&
          first.ring &&
          moved.length === 0 &&
          lost.length === 0;
        const movedTo = [...new Set(moved.map((frame) => `${frame.left},${frame.top}`))].slice(0, 4);
        return {
          ok,
          seen:
            `scrollbar ${gap} px; ${rest.length + 1} samples, ${rest.filter((frame) => frame.frame).length + 1} in frames (${attached} after the attach); heading at ` +
            `${first.left},${first.top}${moved.length ? `, moved in ${moved.length} (to ${movedTo.join(" ")})` : ", never moved"}; ` +
            `focus ${first.focus ?? "none"} ring ${first.ring}${lost.length ? `, ring lost in ${lost.length} (${JSON.stringify(lost[0])})` : ", kept"}`,
        };
      }),
    );

  if (!only || only === "3")
    await check(
      engine,
      "3+4 dark before React: kept through an early navbar click; switch looks the same; reload light",
      () =>
        visit(async (tab, release) => {
          await tab.goto(`${origin}/`);
          await waitFor(tab, "the boot module", () => document.documentElement.dataset.outbox === "ready");
          await waitFor(tab, "the end of the slide-in", slideInOver);
          await tab.click(SWITCH);
          await waitFor(tab, "dark", () => document.documentElement.dataset.theme === "dark");
          const before = await switchShot(tab);
          await tab.run(recordKnob);
          await tab.click(PROJECTS);
          const reactEarly = await tab.run(() => document.documentElement.hasAttribute("data-react"));
          release();
          await waitFor(
            tab,
            "/project",
            () =>
              location.pathname === "/project" &&
              document.querySelector("main h1")?.textContent === "PROJECTS",
          );
          const dark = await tab.run(() => [
            document.documentElement.dataset.theme,
            document.querySelector('nav [role="switch"]')?.getAttribute("aria-checked"),
          ]);
          await waitFor(tab, "the switch's animation", switchDrawn);
          const looks = sameSwitch(engine, "dark", before, await switchShot(tab));
          const knob = await tab.run(knobOffsets);
          await tab.reload();
          await waitFor(tab, "the reloaded page", () => document.querySelector("main h1") !== null);
          const reloaded = await tab.run(() => [
            document.documentElement.dataset.theme,
            document.querySelector('nav [role="switch"]')?.getAttribute("aria-checked"),
          ]);
          return {
            ok:
              !reactEarly &&
              dark.join() === "dark,true" &&
              looks.endsWith("after React") &&
              knob.length === 1 &&
              reloaded.join() === "light,false",
            seen: `React started before the click: ${reactEarly}; /project after React: ${dark.join(" ")}; ${looks}, its knob drawn at ${knob.join(", ")} px; after a reload: ${reloaded.join(" ")}`,
          };
        }),
    );

  if (!only || only === "4")
    await check(engine, "4 light: the switch looks the same before and after React", () =>
      visit(async (tab, release) => {
        await tab.goto(`${origin}/`);
        await waitFor(tab, "the end of the slide-in", slideInOver);
        const before = await switchShot(tab);
        await tab.run(recordKnob);
        release();
        await waitFor(tab, "React", touch);
        await waitFor(tab, "the switch's animation", switchDrawn);
        const looks = sameSwitch(engine, "light", before, await switchShot(tab));
        const knob = await tab.run(knobOffsets);
        return {
          ok: looks.endsWith("after React") && knob.length === 1,
          seen: `${looks}, its knob drawn at ${knob.join(", ")} px`,
        };
      }),
    );

  if (!only || only === "5")
    await check(engine, "5 outbox: delivered by the backoff timer after the server came back", async () => {
      const tab = await engine.open();
      try {
        await tab.goto(`${outboxUrl.url()}/contact`);
        await waitFor(tab, "React", touch);
        // A returning visitor's page: the worker controls it, so the app's chunks come from its cache.
        await waitFor(tab, "the worker's control", () => navigator.serviceWorker.controller !== null);
        await waitFor(
          tab,
          "the outbox's count",
          () => document.querySelector('.outbox-waiting__count[aria-busy="false"]') !== null,
        );
        await outboxUrl.stop();
        const name = `Engines ${engine.name} ${Date.now()}`;
        await tab.type('input[name="name"]', name);
        await tab.type('input[name="email"]', "engines@example.com");
        await tab.type('textarea[name="message"]', "Sent while the server was down.");
        await tab.click('form button[type="submit"]');
        const queued = await waitFor(
          tab,
          "the modal",
          () => document.querySelector("[role='dialog'] h2, dialog h2")?.textContent,
        );
        await outboxUrl.start();
        const restarted = Date.now();
        const sent = `Your message to ${profile.name} was sent.`;
        await waitFor(
          tab,
          "the delivery notice",
          (text) => document.body.textContent?.includes(text),
          sent,
          90_000,
        );
        const stored = storedMessages(outboxUrl.dataDir).filter((message) => message.name === name).length;
        return {
          ok: queued === "Saved for later" && stored === 1,
          seen: `modal "${queued}"; "${sent}" ${((Date.now() - restarted) / 1000).toFixed(1)} s after the restart, no reload; stored ${stored}`,
        };
      } finally {
        await tab.close();
      }
    });
}

interface OutboxServer {
  url(): string;
  dataDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A server on a fixed port and data directory that can be stopped and started again. */
async function restartableServer(): Promise<OutboxServer> {
  const port = await closedPort();
  const dataDir = mkdtempSync(join(tmpdir(), "engines-outbox-"));
  let running: Awaited<ReturnType<typeof startServer>> | undefined;
  const start = async () => {
    running = await startServer({ STATIC_DIR: "dist", DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000" }, { port });
  };
  await start();
  return {
    url: () => `http://127.0.0.1:${port}`,
    dataDir,
    start,
    stop: async () => {
      await running?.stop();
      running = undefined;
    },
  };
}

const only = process.env.ENGINES_CHECK;
const wanted = (process.env.ENGINES ?? "firefox,webkit").split(",");
const began = Date.now();
const proxyPort = await closedPort();
const server = await startServer({ STATIC_DIR: "dist", ALLOWED_ORIGINS: `http://127.0.0.1:${proxyPort}` });
const proxy = await startFaultProxy(server.url, proxyPort);
const outbox = await restartableServer();
try {
  for (const [name, launch] of [
    ["firefox", firefox],
    ["webkit", webkit],
  ] as const) {
    if (!wanted.includes(name)) continue;
    const engine = await launch();
    console.log(`${engine.name} ${engine.version} (${engine.setup})`);
    try {
      await runEngine(engine, proxy.url, () => proxy.hold(REACT_APP), outbox);
    } finally {
      await engine.quit();
    }
  }
} finally {
  await proxy.close();
  await server.stop();
  await outbox.stop();
  rmSync(outbox.dataDir, { recursive: true, force: true });
}
const failed = results.filter((result) => !result.ok);
console.log(
  `${results.length - failed.length} of ${results.length} checks held in ${((Date.now() - began) / 1000).toFixed(0)} s`,
);
process.exit(failed.length > 0 ? 1 : 0);
