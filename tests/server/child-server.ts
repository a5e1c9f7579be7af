/**
 * The real server in a child process (`server/serve.ts`, or a fixture entry that wraps it), for
 * tests that kill it, limit its file sizes or restart it on the same DATA_DIR; and the owner's
 * `messages` CLI, run as `npm run messages` runs it.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { closedPort } from "../support/net";
import { childEntry } from "./child-bundles";
import { API_KEY, OWNER_EMAIL } from "./helpers";

export const ROOT = join(import.meta.dirname, "../..");

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string | null>;
  /** SIGTERM and wait (no-op when it already ended). */
  stop(): Promise<void>;
}

export interface ChildOptions {
  env?: Record<string, string>;
  /** A command the server runs under, e.g. ["prlimit", "--fsize=100000"]. */
  prefix?: string[];
  /** Entry module relative to the repository (default server/serve.ts), run from its bundle. */
  entry?: Parameters<typeof childEntry>[0];
}

export async function startChildServer(dataDir: string, options: ChildOptions = {}): Promise<ChildServer> {
  const port = await closedPort();
  const node = [process.execPath, childEntry(options.entry ?? "server/serve.ts")];
  const [command = "", ...args] = [...(options.prefix ?? []), ...node];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, "no-dist-here"),
      API_KEY,
      OWNER_EMAIL,
      RATE_LIMIT_MAX: "1000000",
      ALERT_LIMIT: "100000/1h",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  // Wait for /healthz, or for the process to end (a test may expect a refusal to start).
  for (;;) {
    if (ended) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    exited,
    async stop() {
      if (!ended) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/**
 * `npm run messages -- <args>` (from its bundle) on a DATA_DIR (or with this environment: DATA_DIR, REDIS_URL):
 * resolves with its stdout and stderr, rejects with its exit `code`, stdout and stderr.
 */
export function messagesCli(target: string | Record<string, string>, ...args: string[]) {
  const env = typeof target === "string" ? { DATA_DIR: target } : target;
  return promisify(execFile)(process.execPath, [childEntry("server/cli/messages-cli.ts"), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
  });
}
