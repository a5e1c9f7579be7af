/**
 * A real `redis-server` (Debian's package) for the tests: on a free loopback port, with its data
 * in a temp dir and the append-only file on, so it can be stopped and started again mid-test with
 * its keys intact, as a production Redis would be. Fails loudly when it cannot start.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closedPort } from "../support/net";

export interface RedisProcess {
  url: string;
  port: number;
  /**
   * Stops the server (SIGTERM: it writes its data and exits) and waits for the exit. Its port stays
   * taken until `start`, by a listener that drops every connection as a stopped Redis would refuse
   * it: freed, the port could go to another file's Redis, and clients would carry on against that one.
   */
  stop(): Promise<void>;
  /** Starts it again on the same port and data dir; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and removes its data dir. */
  close(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER_PATH ?? "redis-server";
const READY = "Ready to accept connections";

function missingBinary(): Error {
  return new Error(
    `Cannot start ${BINARY}: it is not installed. Install Debian's package (apt-get install -y redis-server) or set REDIS_SERVER_PATH to its path; npm test installs it when missing (tests/support/prepare-machine.ts).`,
  );
}

function waitForReady(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY)) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${BINARY} on port ${port} exited (code ${code}) before it was ready:\n${output}`));
    };
    const onError = (error: NodeJS.ErrnoException) => {
      cleanup();
      reject(error.code === "ENOENT" ? missingBinary() : error);
    };
    const timer = setTimeout(() => {
      cleanup();
      child.kill("SIGKILL");
      reject(new Error(`${BINARY} on port ${port} did not become ready in 15 s:\n${output}`));
    }, 15_000);
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
    }
    child.stdout?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

export async function startRedis(): Promise<RedisProcess> {
  if (spawnSync(BINARY, ["--version"]).error !== undefined) throw missingBinary();
  const dir = await mkdtemp(join(tmpdir(), "portfolio-redis-"));
  const port = await closedPort();
  let child: ChildProcess | undefined;
  let holder: Server | undefined;

  async function release(): Promise<void> {
    const held = holder;
    holder = undefined;
    if (held) await new Promise<void>((resolve) => held.close(() => resolve()));
  }

  async function start(): Promise<void> {
    await release();
    const process_ = spawn(
      BINARY,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--loglevel",
        "notice",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child = process_;
    await waitForReady(process_, port);
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
    running.kill("SIGTERM");
    await exited;
    const held = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      held.once("error", reject);
      held.listen(port, "127.0.0.1", resolve);
    });
    holder = held;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async close() {
      await stop();
      await release();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
