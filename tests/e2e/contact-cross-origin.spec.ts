/**
 * The hosted setup: the site on one origin, the notification server (VITE_NOTIFY_URL) on another.
 * A page built for it lets a browser with JavaScript off post the form across origins (the CSP's
 * form-action names the notify server), and the message is stored and mailed once. A server
 * whose key or notify address differs from the built page's refuses to start in production and
 * warns in development, instead of losing every message.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { closedPort, outboxMails, ROOT, type RunningServer, startServer, storedMessages } from "./server";

const KEY = "cross-origin-key-0123";
const VISITOR = {
  name: "Xavier Crossorigin",
  email: "xavier@example.com",
  message: "Posted from the site to the notify server.",
};

let outDir: string;
let serverUrl: string;
let site: RunningServer;
let notify: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000); // a build of its own
  const notifyPort = await closedPort();
  serverUrl = `http://127.0.0.1:${notifyPort}`;
  outDir = mkdtempSync(join(tmpdir(), "portfolio-cross-origin-"));
  const env = { ...process.env, VITE_NOTIFY_URL: serverUrl, VITE_NOTIFY_API_KEY: KEY };
  const build = spawnSync(
    join(ROOT, "node_modules/.bin/vite"),
    ["build", "--outDir", outDir, "--emptyOutDir"],
    {
      cwd: ROOT,
      env,
      encoding: "utf8",
    },
  );
  expect(build.status, build.stderr).toBe(0);
  const settings = { STATIC_DIR: outDir, VITE_NOTIFY_URL: serverUrl, VITE_NOTIFY_API_KEY: KEY, API_KEY: KEY };
  site = await startServer(settings);
  notify = await startServer({ ...settings, ALLOWED_ORIGINS: site.url }, { port: notifyPort });
});

test.afterAll(async () => {
  await site?.stop();
  await notify?.stop();
  rmSync(outDir, { recursive: true, force: true });
});

test.describe("with JavaScript turned off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to the notify server's origin; the message is stored and mailed once", async ({
    page,
  }) => {
    const answer = await page.goto(`${site.url}/contact`);
    expect(answer?.headers()["content-security-policy"]).toContain(`form-action 'self' ${serverUrl};`);
    await page.getByLabel("Name", { exact: true }).fill(VISITOR.name);
    await page.getByLabel("Email", { exact: true }).fill(VISITOR.email);
    await page.getByLabel("Message", { exact: true }).fill(VISITOR.message);
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === "POST"),
      page.getByRole("button", { name: "Say Hello 👋" }).click(),
    ]);
    expect(response.url()).toBe(`${serverUrl}/contact`);
    expect(response.status()).toBe(200);
    await expect(page.locator("#contact-result")).toContainText("Message sent");

    expect(storedMessages(site.dataDir)).toEqual([]);
    expect(storedMessages(notify.dataDir)).toMatchObject([VISITOR]);
    const mails = outboxMails(notify.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(VISITOR.name);
  });
});

/** Runs the server on the built page with `env` until it exits or says it is ready; its output. */
async function startOutput(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "portfolio-mismatch-"));
  const child: ChildProcess = spawn(join(ROOT, "node_modules/.bin/tsx"), ["server/serve.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(await closedPort()),
      DATA_DIR: dataDir,
      STATIC_DIR: outDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Portfolio server ready")) child.kill("SIGTERM");
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

test("a page built with another key or notify address: no start in production, a warning in development", async () => {
  const refused = await startOutput({ NODE_ENV: "production", API_KEY: "another-key-456789" });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain(
    `Cannot start the server: The built page in ${outDir} does not match this server:`,
  );
  expect(refused.output).toContain("it sends another key (VITE_NOTIFY_API_KEY), not this server's API_KEY");
  expect(refused.output).toContain(
    `it sends its messages to ${serverUrl}, while VITE_NOTIFY_URL here is empty`,
  );

  const warned = await startOutput({
    API_KEY: KEY,
    VITE_NOTIFY_URL: serverUrl,
    VITE_NOTIFY_API_KEY: KEY,
    LOG_LEVEL: "info",
  });
  expect(warned.output).not.toContain("does not match");
  const mismatched = await startOutput({ LOG_LEVEL: "info" });
  expect(mismatched.output).toContain("does not match this server: it sends another key");
  expect(mismatched.output).toContain("Portfolio server ready");
});
