/**
 * Configuration: defaults, validation, fail-closed production, and the entry point.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../../server/config";
import { DEV_KEY_WARNING } from "../../server/http/build-server";
import { profile } from "../../src/content/profile";
import { DEV_API_KEY, NOTIFY_PATH } from "../../src/shared/contact/protocol";
import { childEntry } from "./child-bundles";
import { mailFiles, post, removeTempDirs, tempDir, validMessage } from "./helpers";

afterAll(async () => {
  await removeTempDirs();
});

describe("loadConfig", () => {
  test("no configuration gives the documented defaults and the development key", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4173,
      host: "127.0.0.1",
      dataDir: resolve(".data"),
      staticDir: resolve("dist"),
      apiKey: DEV_API_KEY,
      usingDevApiKey: true,
      smtpUrl: undefined,
      ownerEmail: profile.email,
      autoReply: false,
      rateLimitMax: 5,
      rateLimitWindowMs: 60_000,
      trustProxy: false,
      messageRetentionDays: 365,
      maxConnections: 8_192,
      maxConnectionsPerIp: 16,
      maxEventLoopDelayMs: 1_000,
      publicOrigins: [],
      production: false,
      mailRetryMs: 60_000,
      alertLimit: { max: 30, windowMs: 3_600_000 },
    });
    expect(config.mailFrom.address).toMatch(/^no-reply@/);
  });

  test("production without API_KEY refuses to start with a clear message", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", API_KEY: "  " })).toThrow(/API_KEY is required/);
    expect(() => loadConfig({ NODE_ENV: "production", API_KEY: DEV_API_KEY })).toThrow(/development key/);
    const config = loadConfig({ NODE_ENV: "production", API_KEY: "a-real-secret-key" });
    expect(config.usingDevApiKey).toBe(false);
    expect(config.production).toBe(true);
  });

  test("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/tmp/data",
      STATIC_DIR: "/tmp/dist",
      API_KEY: "secret-key-1",
      ALLOWED_ORIGINS: "https://a.example, https://b.example:8443/",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      OWNER_EMAIL: "me@example.org",
      MAIL_FROM: "Portfolio <hello@example.org>",
      AUTO_REPLY: "true",
      RATE_LIMIT_MAX: "10",
      RATE_LIMIT_WINDOW_MS: "30000",
      TRUST_PROXY: "loopback, 10.0.0.0/8",
      MESSAGE_RETENTION_DAYS: "30",
      MAX_CONNECTIONS: "500",
      MAX_CONNECTIONS_PER_IP: "8",
      MAIL_RETRY_MS: "500",
      ALERT_LIMIT: "5/20s",
      VITE_NOTIFY_URL: "https://notify.example.org/api",
      VITE_SITE_URL: "https://me.example.org/",
      VITE_FIREBASE_API_KEY: "public-web-key",
      VITE_FIREBASE_PROJECT_ID: "demo",
      VITE_FIREBASE_APP_ID: "1:2:web:3",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      dataDir: "/tmp/data",
      staticDir: "/tmp/dist",
      apiKey: "secret-key-1",
      usingDevApiKey: false,
      smtpUrl: "smtps://user:pass@smtp.example.com:465",
      ownerEmail: "me@example.org",
      mailFrom: { name: "Portfolio", address: "hello@example.org" },
      autoReply: true,
      rateLimitMax: 10,
      rateLimitWindowMs: 30_000,
      trustProxy: "loopback,10.0.0.0/8",
      messageRetentionDays: 30,
      maxConnections: 500,
      maxConnectionsPerIp: 8,
      publicOrigins: ["https://me.example.org", "https://a.example", "https://b.example:8443"],
      mailRetryMs: 500,
      alertLimit: { max: 5, windowMs: 20_000 },
      client: {
        serverUrl: "https://notify.example.org/api",
        siteUrl: "https://me.example.org",
        firebase: { apiKey: "public-web-key", projectId: "demo", appId: "1:2:web:3" },
      },
    });
  });

  test("TRUST_PROXY takes a hop count; true is refused with the reason", () => {
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    for (const value of ["true", "TRUE", "yes"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=true is refused.*X-Forwarded-For/,
      );
    }
  });

  test.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["RATE_LIMIT_MAX", "0"],
    ["RATE_LIMIT_MAX", "-1"],
    ["RATE_LIMIT_WINDOW_MS", "1.5"],
    ["AUTO_REPLY", "maybe"],
    ["ALLOWED_ORIGINS", "*"],
    ["ALLOWED_ORIGINS", "example.com"],
    ["ALLOWED_ORIGINS", "https://example.com/path"],
    ["ALLOWED_ORIGINS", "https://example.com, https://example.com:99999"],
    ["SMTP_URL", "http://smtp.example.com"],
    ["SMTP_URL", "not a url"],
    ["OWNER_EMAIL", "nobody"],
    ["MAIL_FROM", "Name <not-an-address>"],
    ["API_KEY", "has space in it"],
    ["API_KEY", "short"],
    ["TRUST_PROXY", "everyone"],
    ["TRUST_PROXY", "99"],
    ["MESSAGE_RETENTION_DAYS", "a year"],
    ["MAX_CONNECTIONS", "3"],
    ["VITE_NOTIFY_URL", "notify.example.com"],
    // Read by the client's parser too: a relative URL fails the build, so it fails the server as well.
    ["VITE_NOTIFY_URL", "/api"],
    ["VITE_SITE_URL", "example.com"],
    ["LOG_LEVEL", "loud"],
    ["MAIL_RETRY_MS", "soon"],
    ["ALERT_LIMIT", "30"],
    ["ALERT_LIMIT", "30/1y"],
    ["ALERT_LIMIT", "0/1h"],
  ])("%s=%s is a startup error: one sentence that names the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}[ :=][^\\n]*\\.$`));
    // A ConfigError, the build's VITE_* variables too: the server prints it without a stack trace.
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });

  test("the sentence says what the value must be, and repeats it unless it is a secret", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(
      'PORT must be a whole number from 0 to 65535 (got "http").',
    );
    expect(() => loadConfig({ ALERT_LIMIT: "30" })).toThrow(
      'ALERT_LIMIT must be a count per duration such as 30/1h or 5/20s (ms, s, m, h or d) (got "30").',
    );
    expect(() => loadConfig({ API_KEY: "has space in it" })).toThrow(
      /^API_KEY must be 8 to 512 visible ASCII characters \(no spaces\)\.$/,
    );
    expect(() => loadConfig({ SMTP_URL: "http://user:secret@smtp.example" })).not.toThrow(/secret/);
  });

  test("blank values are unset, and the others are read trimmed", () => {
    expect(loadConfig({ PORT: "  ", SMTP_URL: "", OWNER_EMAIL: " me@example.org " })).toMatchObject({
      port: 4173,
      smtpUrl: undefined,
      ownerEmail: "me@example.org",
    });
  });

  test("one Firebase variable alone is a startup error naming the missing ones, as it fails the build", () => {
    expect(() => loadConfig({ VITE_FIREBASE_PROJECT_ID: "demo" })).toThrow(
      /Firebase is partly configured: set VITE_FIREBASE_API_KEY, VITE_FIREBASE_APP_ID/,
    );
  });
});

describe("server/serve.ts", () => {
  const children: ChildProcess[] = [];

  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  });

  function start(env: Record<string, string>) {
    const child = spawn(process.execPath, [childEntry("server/serve.ts")], {
      cwd: resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    /** Resolves with the output once `pattern` appears in it (or rejects when the process ends first). */
    const waitFor = (pattern: RegExp) =>
      new Promise<string>((done, fail) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match !== null) done(match[0]);
        };
        child.stdout?.on("data", check);
        child.stderr?.on("data", check);
        void exited.then(() => fail(new Error(`exited before ${pattern}: ${output}`)));
        check();
      });
    return { child, exited, waitFor, output: () => output };
  }

  test("exits with code 1 and a clear message in production without API_KEY", async () => {
    const run = start({ NODE_ENV: "production", DATA_DIR: await tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("Cannot start the server: API_KEY is required when NODE_ENV=production");
  });

  test("TRUST_PROXY=true refuses to start with a clear message", async () => {
    const run = start({ TRUST_PROXY: "true", PORT: "0", DATA_DIR: await tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("Cannot start the server: TRUST_PROXY=true is refused");
  });

  test("starts with no configuration, warns about the development key, logs its URL and sends", async () => {
    const dataDir = await tempDir();
    const run = start({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: await tempDir() });
    const url = (await run.waitFor(/ready at (http:\/\/127\.0\.0\.1:\d+)/)).replace("ready at ", "");
    expect(run.output()).toContain(DEV_KEY_WARNING);

    const response = await post(url, NOTIFY_PATH, validMessage, { headers: { "x-api-key": DEV_API_KEY } });
    expect(response.status).toBe(200);
    await expect.poll(async () => (await mailFiles(dataDir)).length).toBe(1);

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
  });
});
