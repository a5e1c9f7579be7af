/**
 * `npm run assets`: the pictures of the running site that need a browser, taken from a fresh build
 * served by the real server:
 * - the install dialog's screenshots (`src/assets/screenshots/`, with `source.json`: the content they
 *   show, which the build checks; build/brand.ts);
 * - the README's pictures (`docs/screenshots/`), so that they show what the site looks like today.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { contentHash, INSTALL_SCREENSHOTS, SCREENSHOTS } from "../build/brand";
import { routes } from "../src/config/routes";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium";
import { closedPort } from "../tests/support/net";

const ROOT = resolve(import.meta.dirname, "..");
/** `PORT` when set, else a port nothing listens on, so that a running dev server or site is no obstacle. */
const PORT = process.env.PORT ? Number(process.env.PORT) : await closedPort();

interface Shot {
  path: string;
  width: number;
  height: number;
  dark?: boolean;
}

const README_SHOTS: (Shot & { file: string })[] = [
  { file: "docs/screenshots/home-desktop-light.webp", path: routes.home.path, width: 1280, height: 800 },
  {
    file: "docs/screenshots/projects-desktop-dark.webp",
    path: routes.projects.path,
    width: 1280,
    height: 800,
    dark: true,
  },
  {
    file: "docs/screenshots/home-phone-dark.webp",
    path: routes.home.path,
    width: 390,
    height: 844,
    dark: true,
  },
  { file: "docs/screenshots/contact-phone-light.webp", path: routes.contact.path, width: 390, height: 844 },
];

async function shoot(page: Page, shot: Shot): Promise<Buffer> {
  await page.setViewportSize({ width: shot.width, height: shot.height });
  await page.goto(`http://127.0.0.1:${PORT}${shot.path}`);
  await page.locator("main h1").first().waitFor();
  // Strings, not functions: this file is type-checked without the DOM's types.
  await page.evaluate("document.fonts.ready");
  if (shot.dark) {
    const toggle = page.getByRole("switch", { name: "Dark mode" });
    await toggle.click();
    await page.waitForFunction("document.documentElement.dataset.theme === 'dark'");
  }
  // Time-based animations only: the custom scrollbar's handle follows the scroll with a
  // scroll-driven one, which is always "running".
  await page.waitForFunction(
    "document.getAnimations().every((a) => a.timeline !== document.timeline || a.playState !== 'running')",
  );
  return page.screenshot();
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const up = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`assets: the server did not answer on port ${PORT}`);
}

if (process.argv[1]?.endsWith("screenshots.ts")) {
  if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0) process.exit(1);
  const dataDir = mkdtempSync(join(tmpdir(), "portfolio-assets-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server/serve.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  });
  const executablePath = findChromium();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  try {
    await waitForServer();
    // No slide-in, no wave, no worker notices: the page as it rests.
    // bypassCSP: the waits below are strings (this file has no DOM types), which the CSP would refuse to evaluate.
    const context = await browser.newContext({
      reducedMotion: "reduce",
      serviceWorkers: "block",
      bypassCSP: true,
    });
    const page = await context.newPage();
    for (const shot of INSTALL_SCREENSHOTS) {
      const png = await sharp(await shoot(page, shot))
        .png({ palette: true })
        .toBuffer();
      writeFileSync(join(SCREENSHOTS, shot.file), png);
    }
    writeFileSync(join(SCREENSHOTS, "source.json"), `${JSON.stringify({ content: contentHash() })}\n`);
    for (const shot of README_SHOTS) {
      writeFileSync(
        join(ROOT, shot.file),
        await sharp(await shoot(page, shot))
          .webp({ quality: 82 })
          .toBuffer(),
      );
    }
    console.log("assets: src/assets/screenshots/ and docs/screenshots/ written; building again with them");
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
  // The first build left the old screenshots out; this one lists the new ones in the manifest.
  if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0) process.exit(1);
}
