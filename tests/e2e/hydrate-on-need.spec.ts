import type { Page } from "@playwright/test";
import { expect, holdReact, pageStill, REACT_APP, startReact, test, themeSwitch } from "./fixtures";
import { fillForm } from "./outbox-helpers";
import { E2E_PORT, mainDataDir, storedMessages } from "./server";

/**
 * R-13.4 (docs/requirements.md): React starts when the visitor needs it (src/boot.ts). Until then
 * the page works as it arrived: links, the form, and the theme switch (the boot script).
 */

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce" });

const reactRunning = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-react"));

test.describe("React on need", () => {
  test("a page that is only read loads the boot module and the outbox's count; idle a while, the worker, whose install ends before React starts", async ({
    page,
  }) => {
    // In what order the outbox was counted, the worker registered and activated (its install
    // ended), and React started: events, not a check after some time.
    await page.addInitScript(() => {
      const order: string[] = [];
      Object.assign(window, { order });
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (...args) => {
        order.push("worker registered");
        return register(...args);
      };
      void container.ready.then(() => order.push("worker active"));
      new MutationObserver(() => {
        const html = document.documentElement;
        if (html.dataset.outbox === "ready" && !order.includes("outbox counted"))
          order.push("outbox counted");
        if (html.hasAttribute("data-react") && !order.includes("react")) order.push("react");
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ["data-react", "data-outbox"],
      });
    });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/project");
    await pageStill(page);
    // The boot module's after-load work is done (the outbox counted), well before React would start by itself.
    await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
    expect(await reactRunning(page)).toBe(false);
    expect(scripts.filter((path) => REACT_APP.test(path))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    // The worker's install fetches the whole site: neither during the load nor beside React's start.
    await expect.poll(() => reactRunning(page), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { order: string[] }).order)).toEqual([
      "outbox counted",
      "worker registered",
      "worker active",
      "react",
    ]);
  });

  test.describe("the worker not being the subject", () => {
    // Its install would precache the whole site in each of these visits.
    test.use({ serviceWorkers: "block" });

    test("a browser without paint timing still loads the boot module, a second after the first frame", async ({
      page,
    }) => {
      // As in a browser that reports no "paint" entries: the boot script falls back to its timer.
      await page.addInitScript(() => {
        Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { value: Object.freeze([]) });
      });
      await page.goto("/project");
      await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
    });

    test("starts at the first intent on a control (focus by the keyboard), or by itself once the browser is idle", async ({
      page,
    }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
      expect(await reactRunning(page)).toBe(false);
      // Tab moves from link to link (no React needed) until it reaches a button.
      await expect
        .poll(
          async () => {
            await page.keyboard.press("Tab");
            return reactRunning(page);
          },
          { timeout: 20_000 },
        )
        .toBe(true);

      const idle = await page.context().newPage();
      await idle.goto("/skills");
      await expect(idle.locator("html")).toHaveAttribute("data-react", "", { timeout: 20_000 });
      await idle.close();
    });

    test("a touch, pressed and released, starts React with no idle start to fall back on", async ({
      page,
    }) => {
      // The browser never reports idle here: only the touch can start React (src/boot.ts).
      await page.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
      await page.goto("/");
      await pageStill(page);
      await startReact(page);
    });

    test("the theme switch works before React, and React starts from the theme the visitor chose", async ({
      page,
    }) => {
      const react = await holdReact(page);
      await page.goto("/");
      await pageStill(page);
      await themeSwitch(page).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "true");
      await themeSwitch(page).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      await themeSwitch(page).click();
      expect(await reactRunning(page)).toBe(false);
      expect(react.requested()).toBe(true);

      react.release();
      await expect(page.locator("html")).toHaveAttribute("data-react", "");
      await expect(page.locator("main .outbox-notice")).toHaveCount(1);
      // React's switch says dark too, and its next click goes back to light.
      await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "true");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await themeSwitch(page).click();
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    });

    test("every click on the switch counts while React starts: none is lost between the boot script and React", async ({
      page,
    }) => {
      const react = await holdReact(page);
      await page.goto("/");
      await pageStill(page);
      await themeSwitch(page).click();
      react.release();
      // Clicks spread over React's start and hydration: each one flips the theme exactly once.
      const clicks = 12;
      for (let click = 0; click < clicks; click++) {
        await themeSwitch(page).click({ delay: 10 });
      }
      await expect(page.locator("html")).toHaveAttribute("data-react", "");
      const dark = (1 + clicks) % 2 === 1;
      await expect(page.locator("html")).toHaveAttribute("data-theme", dark ? "dark" : "light");
      await expect(themeSwitch(page)).toHaveAttribute("aria-checked", String(dark));
    });

    test("a button clicked before React is clicked again once React runs", async ({ page }) => {
      await page.addInitScript(() => {
        delete (Navigator.prototype as Partial<Navigator>).share;
        delete (Navigator.prototype as Partial<Navigator>).canShare;
      });
      const react = await holdReact(page);
      await page.goto("/");
      await pageStill(page);
      await page.getByRole("main").getByRole("button", { name: "Share" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      react.release();
      await expect(page.getByRole("dialog", { name: "Share this site" })).toBeVisible({ timeout: 20_000 });
    });

    test("a form sent before React hydrated it is sent by React, not posted", async ({ page }) => {
      const react = await holdReact(page);
      // The no-JavaScript way would be a page load posting the form.
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest() && request.method() === "POST") posts.push(request.url());
      });
      await page.goto("/contact");
      await pageStill(page);
      const visitor = { name: "Quick Sender", email: "quick@example.com", message: "Sent before React ran." };
      await fillForm(page, visitor);
      // The boot module asked for the app's chunk (prefetched after the first key, or React's start at
      // the typing's pause): it runs, and the test holds React back.
      await expect.poll(react.requested).toBe(true);
      await page.getByRole("button", { name: "Say Hello 👋" }).click();
      expect(await reactRunning(page)).toBe(false);
      react.release();
      await expect(page.getByRole("dialog", { name: "Message sent" })).toBeVisible({ timeout: 20_000 });
      expect(posts).toEqual([]);
      const stored = storedMessages(mainDataDir(E2E_PORT)).filter(
        (message) => message.email === visitor.email,
      );
      expect(stored).toMatchObject([visitor]);
    });
  });

  test("in a field React starts at the typing's first pause; its chunks are fetched while the visitor types", async ({
    page,
  }) => {
    await page.goto("/contact");
    await pageStill(page);
    const linked = (rel: string) =>
      page.evaluate(
        (rel) => document.querySelector(`link[rel="${rel}"][href*="/assets/main-"]`) !== null,
        rel,
      );
    await page.getByLabel("Name", { exact: true }).click();
    // Keys 100 ms apart, far inside the pause React waits for (src/boot.ts, TYPING_PAUSE_MS).
    await page.keyboard.type("Steady Typist", { delay: 100 });
    expect(await linked("modulepreload")).toBe(false);
    await expect.poll(() => linked("prefetch")).toBe(true);
    await expect(page.locator("html")).toHaveAttribute("data-react", "", { timeout: 20_000 });
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Steady Typist");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  });

  test("what the visitor types before React is kept, and sent with the spec's modal", async ({ page }) => {
    const react = await holdReact(page);
    await page.goto("/contact");
    await pageStill(page);
    const visitor = { name: "Early Visitor", email: "early@example.com", message: "Typed before React ran." };
    await fillForm(page, visitor);
    expect(await reactRunning(page)).toBe(false);

    react.release();
    await expect(page.locator("main .outbox-notice")).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByLabel("Message")).toHaveValue(visitor.message);
    await page.getByRole("button", { name: "Say Hello 👋" }).click();
    await expect(page.getByRole("dialog", { name: "Message sent" })).toBeVisible();
    // The main server's store: only this sender's messages count (other files send too).
    const stored = storedMessages(mainDataDir(E2E_PORT)).filter((message) => message.email === visitor.email);
    expect(stored).toMatchObject([visitor]);
  });
});
