import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closedPort } from "../support/net";

import { mailJobs } from "../support/stored-messages";

export { storedMessages } from "../support/stored-messages";
export { closedPort };

export const ROOT = join(import.meta.dirname, "../..");
/** The port the suite serves the build on (docs/testing.md). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);

/** The data directory of the server Playwright starts (one fixed path, shared by all workers). */
export function mainDataDir(port: number): string {
  return join(tmpdir(), `portfolio-e2e-${port}`);
}

export function freshDir(path: string): string {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return path;
}

/**
 * The mails the server wrote to DATA_DIR/mail/ (raw .eml text), once its mail queue has sent
 * what is due: the server answers before it sends, so this waits (up to 15 s) for the queue.
 */
export function outboxMails(dataDir: string): string[] {
  const sending = () =>
    mailJobs(dataDir).some((job) => job.state === "pending" && (job.next_attempt_at ?? 0) <= Date.now());
  for (const deadline = Date.now() + 15_000; sending() && Date.now() < deadline; ) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  try {
    const dir = join(dataDir, "mail");
    return readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .map((name) => readFileSync(join(dir, name), "utf8"));
  } catch {
    return [];
  }
}

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /**
   * Listen on this port instead of a free one. A service worker belongs to an origin, so a test
   * that swaps builds under one worker stops a server and starts the next on the same port.
   */
  port?: number;
  /** The temp DATA_DIR's name prefix (default "portfolio-e2e-extra-"). */
  dataDirPrefix?: string;
}

/**
 * Starts another copy of the real server on the built app (`dist/`), with extra environment
 * (the end-to-end suites, and the bench with its own STATIC_DIR).
 */
export async function startServer(
  env: Record<string, string>,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await closedPort());
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix ?? "portfolio-e2e-extra-"));
  const child: ChildProcess = spawn(join(ROOT, "node_modules/.bin/tsx"), ["server/serve.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ALERT_LIMIT: "100000/1h",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("server did not start within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
