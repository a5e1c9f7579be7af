import { register } from "node:module";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, e2eChromium, findChromium } from "./chromium";
import { E2E_PORT, freshDir, mainDataDir, ROOT } from "./server";

// The tests read the owner's content, whose icons are `*.svg` imports: see the hook's comment.
register("./asset-import-hook.mjs", import.meta.url);

const launchOptions = (executablePath: string | undefined) => ({
  ...(executablePath ? { executablePath } : {}),
  args: CHROMIUM_ARGS,
});
// The outbox's specs need Background Sync, which the headless shell does not have: what they prove
// is one delivery while the worker's sync and the page's own drain race for the same message.
const FULL_BROWSER_SPECS = /\/outbox(-faults)?\.spec\.ts$/;
// Evaluated in the runner and in every worker: only the runner (no TEST_WORKER_INDEX) empties it.
const dataDir =
  process.env.TEST_WORKER_INDEX === undefined ? freshDir(mainDataDir(E2E_PORT)) : mainDataDir(E2E_PORT);

/** Runs against the built app (`npm run build`) served by the real server, as `npm start` does. */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "../../test-results",
  // Two files at a time, each file's tests in order: while one test waits (a worker installing, a
  // server starting), the other file's test runs. Tests on the main server count only their own messages.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Off: recording a trace in every test, to keep it only on a failure, took about a third of the
    // browsers' and workers' CPU. Run a failing test again with `--trace on` to get one.
    trace: "off",
    // The service worker stays allowed here; specs whose subject is not the worker block it with
    // `serviceWorkers: "block"`, as its install precaches the whole site in each new context.
  },
  // Everything runs in Chromium's headless shell when the machine has one (a visit costs about a
  // third of the full browser's CPU: `findHeadlessShell`), but the outbox, which runs in the full
  // browser. Listed first, so that its two long files start first.
  projects: [
    {
      name: "full-chromium",
      testMatch: FULL_BROWSER_SPECS,
      use: { ...devices["Desktop Chrome"], launchOptions: launchOptions(findChromium()) },
    },
    {
      name: "chromium",
      testIgnore: FULL_BROWSER_SPECS,
      use: { ...devices["Desktop Chrome"], launchOptions: launchOptions(e2eChromium()) },
    },
  ],
  webServer: {
    command: "npm run serve",
    cwd: ROOT,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The suite sends more messages than the owner's default ALERT_LIMIT (each keeps its own alert)
    // and, from two workers, more than RATE_LIMIT_MAX a minute; its browsers and requests all come
    // from 127.0.0.1, past MAX_CONNECTIONS_PER_IP at times (resets seen with three workers).
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: "dist",
      LOG_LEVEL: "warn",
      ALERT_LIMIT: "100000/1h",
      RATE_LIMIT_MAX: "1000",
      MAX_CONNECTIONS_PER_IP: "1000",
    },
  },
});
