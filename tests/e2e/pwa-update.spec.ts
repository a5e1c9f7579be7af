import { join } from "node:path";
import { expect, pageSettled, test, themeSwitch } from "./fixtures";
import {
  buildIdOf,
  expectNoAxeViolations,
  expectWorkerInControl,
  pageBuild,
  workerVersion,
} from "./pwa-helpers";
import { ROOT, type RunningServer, startServer } from "./server";
import { SITE_URL_BUILD_ID as BUILD_B, siteUrlDist } from "./site-url-build";

test.describe("a new version", () => {
  let buildB: string;
  let buildA: string;

  test.beforeAll(async () => {
    // The next version: the same app built again with its own build id (page meta and worker),
    // and a public address, which the update does not read (site-url-build.ts).
    test.setTimeout(180_000);
    buildA = buildIdOf(join(ROOT, "dist"));
    buildB = siteUrlDist();
    expect(buildIdOf(buildB)).toBe(BUILD_B);
    expect(buildA).not.toBe(BUILD_B);
  });

  // One test: each start of a server and each worker's install costs seconds, and "Later" leaves
  // the new version waiting, which the next visit offers again for the "Reload" half.
  test("waits for the visitor's click on Reload, then takes over; 'Later' keeps the current version", async ({
    page,
  }) => {
    // One origin (the same port) serves build A, then build B: a worker belongs to its origin.
    const serverA = await startServer({ STATIC_DIR: "dist" });
    let serverB: RunningServer | undefined;
    try {
      await page.goto(`${serverA.url}/contact`);
      await pageSettled(page);
      await expectWorkerInControl(page);
      expect(await pageBuild(page)).toBe(buildA);
      expect(await workerVersion(page)).toBe(buildA);

      await serverA.stop();
      serverB = await startServer({ STATIC_DIR: buildB }, { port: Number(new URL(serverA.url).port) });

      // Worker A still answers from its cache; the browser finds build B's worker and installs it.
      await page.reload();
      await pageSettled(page);
      expect(await pageBuild(page)).toBe(buildA);
      const prompt = page.getByRole("group", { name: "A new version is available" });
      await expect(prompt).toBeVisible({ timeout: 20_000 });
      expect(await workerVersion(page)).toBe(buildA);
      // The toast's own compact button, not the page's large `.button` (the two rules share one
      // inlined stylesheet; the component's must come after the base's).
      const reloadStyle = await prompt
        .getByRole("button", { name: "Reload", exact: true })
        .evaluate((button) => ({ padding: getComputedStyle(button).padding }));
      expect(reloadStyle.padding).toBe("7px 16px");

      await test.step("the prompt passes axe in both themes", async () => {
        await expectNoAxeViolations(page, ".pwa-notices");
        await themeSwitch(page).click();
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
        await expectNoAxeViolations(page, ".pwa-notices");
      });

      await test.step("'Later' dismisses the prompt and keeps the current version", async () => {
        await prompt.getByRole("button", { name: "Later" }).click();
        await expect(prompt).toHaveCount(0);
        // Had "Later" let build B take over, the next visit would be B's.
        await page.reload();
        await pageSettled(page);
        expect(await pageBuild(page)).toBe(buildA);
        expect(await workerVersion(page)).toBe(buildA);
        // The waiting version is offered again on the next visit.
        await expect(prompt).toBeVisible({ timeout: 20_000 });
      });

      // Nothing reloads by itself, not while the visitor types.
      await page.evaluate(() => {
        (window as unknown as { samePage: boolean }).samePage = true;
      });
      const name = page.getByLabel("Name", { exact: true });
      await name.fill("Still typing");
      await page.waitForTimeout(2_000);
      await expect(name).toHaveValue("Still typing");
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await pageBuild(page)).toBe(buildA);

      // The click: SKIP_WAITING, the new worker takes control, the page reloads once.
      await Promise.all([
        page.waitForEvent("load"),
        prompt.getByRole("button", { name: "Reload", exact: true }).click(),
      ]);
      await pageSettled(page);
      expect(await pageBuild(page)).toBe(BUILD_B);
      expect(
        await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage),
      ).toBeUndefined();
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${serverB.url}/sw.js`,
      );
      expect(await workerVersion(page)).toBe(BUILD_B);
      await expect(prompt).toHaveCount(0);
    } finally {
      await serverA.stop();
      await serverB?.stop();
    }
  });
});
