/**
 * Chromium driven over the DevTools protocol without the Runtime domain, for what a visitor feels
 * (bench/responsiveness.ts).
 *
 * Playwright, Puppeteer and Lighthouse enable the Runtime domain on every page they drive, as
 * DevTools does when it is open. Chromium then records a detailed stack (with line and column) for
 * every `Error` a script creates. React DOM creates five at its top level, sentinels it throws
 * later, so V8 re-parses the whole of React DOM to find their source positions: measured at 4× CPU,
 * the evaluation of the React chunk took 97–165 ms that way, and under 20 ms without the domain.
 * A visitor's browser has no debugger attached, so this driver never enables the domain. It sends
 * only Target, Page, Emulation and Input commands, and reads the page with `Runtime.evaluate`,
 * which does not enable the domain.
 */
import * as chromeLauncher from "chrome-launcher";

type Params = Record<string, unknown>;
interface Reply {
  id?: number;
  sessionId?: string;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
}

class Connection {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (result: Params) => void; reject: (error: Error) => void }
  >();
  private readonly listeners = new Set<(reply: Reply) => void>();

  constructor(private readonly socket: WebSocket) {
    socket.addEventListener("message", (message) => {
      const reply = JSON.parse(String(message.data)) as Reply;
      const waiting = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (waiting && reply.id !== undefined) {
        this.pending.delete(reply.id);
        if (reply.error) waiting.reject(new Error(reply.error.message));
        else waiting.resolve(reply.result ?? {});
      }
      if (reply.method) for (const listener of this.listeners) listener(reply);
    });
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** Resolves with the first event `method` of `sessionId` after this call. */
  once(method: string, sessionId: string, timeoutMs: number): Promise<Params> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`no ${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (reply: Reply) => {
        if (reply.method !== method || reply.sessionId !== sessionId) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(reply.params ?? {});
      };
      this.listeners.add(listener);
    });
  }
}

/** A phone's viewport, as Playwright's `isMobile` and `hasTouch` set it. */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };

export class BarePage {
  constructor(
    private readonly connection: Connection,
    private readonly sessionId: string,
    private readonly contextId: string,
  ) {}

  send(method: string, params: Params = {}): Promise<Params> {
    return this.connection.send(method, params, this.sessionId);
  }

  /** The value of an expression (a promise is awaited), copied out of the page. */
  async evaluate<T>(expression: string): Promise<T> {
    const reply = (await this.send("Runtime.evaluate", {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })) as {
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (reply.exceptionDetails) {
      throw new Error(reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text);
    }
    return reply.result.value;
  }

  /** Navigates and resolves at the load event. */
  async goto(url: string, timeoutMs = 60_000): Promise<void> {
    const loaded = this.connection.once("Page.loadEventFired", this.sessionId, timeoutMs);
    await this.send("Page.navigate", { url });
    await loaded;
  }

  /** Polls `expression` until it is truthy. */
  async waitFor(expression: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async tap(x: number, y: number): Promise<void> {
    await this.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await this.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }

  async wheel(x: number, y: number, deltaY: number): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
    await this.send("Input.dispatchMouseEvent", { type: "mouseWheel", x, y, deltaX: 0, deltaY });
  }

  /** Types printable ASCII, a key press and release per character, as a keyboard would. */
  async type(text: string): Promise<void> {
    for (const key of text) {
      const code = key === " " ? "Space" : /[a-z]/i.test(key) ? `Key${key.toUpperCase()}` : "";
      await this.send("Input.dispatchKeyEvent", {
        type: "keyDown",
        key,
        code,
        text: key,
        unmodifiedText: key,
      });
      await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, code });
    }
  }

  /**
   * The centre of the first element matching `selector`, in the viewport, once it stands still:
   * the animations that move it (the first page's slide-in) have ended, and it has the same box in
   * two frames, as Playwright waits before a tap. The box alone was not enough: at 4× CPU two
   * frames could show it still, mid-slide.
   */
  async centre(selector: string): Promise<{ x: number; y: number }> {
    const point = await this.evaluate<{ x: number; y: number } | null>(`(async () => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element) return null;
      const moving = document.getAnimations().filter(
        (animation) => animation.effect?.target?.contains?.(element) && animation.effect.getTiming().iterations !== Infinity,
      );
      await Promise.all(moving.map((animation) => animation.finished.catch(() => {})));
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let box = element.getBoundingClientRect();
      for (;;) {
        await frame();
        const next = element.getBoundingClientRect();
        if (next.x === box.x && next.y === box.y) break;
        box = next;
      }
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    })()`);
    if (!point) throw new Error(`no ${selector} on the page`);
    return point;
  }

  close(): Promise<Params> {
    return this.connection.send("Target.disposeBrowserContext", { browserContextId: this.contextId });
  }
}

export class BareChromium {
  private constructor(
    private readonly chrome: chromeLauncher.LaunchedChrome,
    private readonly connection: Connection,
    private readonly socket: WebSocket,
  ) {}

  static async launch(chromePath: string | undefined, flags: string[]): Promise<BareChromium> {
    const chrome = await chromeLauncher.launch({
      ...(chromePath ? { chromePath } : {}),
      chromeFlags: ["--headless=new", ...flags],
    });
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      webSocketDebuggerUrl: string;
    };
    const socket = new WebSocket(version.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", () => reject(new Error("could not connect to Chromium")), {
        once: true,
      });
    });
    return new BareChromium(chrome, new Connection(socket), socket);
  }

  /**
   * A page in a browser context of its own (a first visit: no cache, storage or service worker),
   * with a phone's viewport and touch, the CPU slowed `rate`×, and `initScript` run before the
   * page's own scripts.
   */
  async newPage(rate: number, initScript = ""): Promise<BarePage> {
    const { browserContextId } = (await this.connection.send("Target.createBrowserContext")) as {
      browserContextId: string;
    };
    const { targetId } = (await this.connection.send("Target.createTarget", {
      url: "about:blank",
      browserContextId,
    })) as { targetId: string };
    const { sessionId } = (await this.connection.send("Target.attachToTarget", {
      targetId,
      flatten: true,
    })) as {
      sessionId: string;
    };
    const page = new BarePage(this.connection, sessionId, browserContextId);
    await page.send("Page.enable");
    await page.send("Emulation.setDeviceMetricsOverride", PHONE);
    await page.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
    await page.send("Emulation.setCPUThrottlingRate", { rate });
    if (initScript) await page.send("Page.addScriptToEvaluateOnNewDocument", { source: initScript });
    return page;
  }

  async close(): Promise<void> {
    this.socket.close();
    this.chrome.kill();
  }
}
