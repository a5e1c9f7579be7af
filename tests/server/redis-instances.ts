/**
 * Server instances sharing one real redis-server (REDIS_URL) and one SMTP sink, for the Redis
 * suites (`redis.test.ts`: the state they share; `redis-outage.test.ts`: Redis or an instance
 * lost mid-send). Each suite starts its own redis-server, so the two run side by side.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { Redis } from "ioredis";
import { childEntry } from "./child-bundles";
import {
  API_KEY,
  closedPort,
  NOTIFY_PATH,
  OWNER_EMAIL,
  post,
  serverPool,
  type TestServer,
  tempDir,
  useSmtp,
} from "./helpers";
import { type RedisProcess, startRedis } from "./redis-process";

export function message(id = randomUUID()) {
  return { id, name: "Ada Lovelace", email: "ada@example.com", message: `Hello from ${id}` };
}

/** The notify endpoint takes the message without its id: the id travels as the Idempotency-Key. */
export function notify(
  server: { url: string },
  key: string,
  { id: _id, ...body }: ReturnType<typeof message>,
) {
  return post(server.url, NOTIFY_PATH, body, { headers: { "idempotency-key": key } });
}

/**
 * Polls /healthz until it gives `status` (the event a reconnect produces is the health change).
 * Also used after a start: load shedding answers 503 while a busy machine is still catching up.
 */
export async function healthBecomes(server: { url: string }, status: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${server.url}/healthz`);
    if (response.status === status) return;
    if (Date.now() > deadline) throw new Error(`/healthz stayed ${response.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Shortest lease the configuration accepts, so a takeover happens within seconds. */
export const LEASE = { MAIL_LEASE_MS: "1000" };

export interface ChildInstance {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (JSON log lines). */
  output(): string;
  /** SIGKILL: no shutdown hook runs, as when a container is killed. */
  kill(): Promise<void>;
}

/** Spawns `server/serve.ts` with the test settings plus `env`. */
export async function spawnServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  return spawn(process.execPath, [childEntry("server/serve.ts")], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH ?? "",
      API_KEY,
      OWNER_EMAIL,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: await tempDir(),
      STATIC_DIR: resolve(await tempDir(), "no-dist-here"),
      LOG_LEVEL: "info",
      RATE_LIMIT_MAX: "100000",
      // No load shedding: a busy test machine must not turn the claim under test into a 503.
      MAX_EVENT_LOOP_DELAY_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A server instance in its own process, so the test can kill it outright. */
export async function childInstance(env: Record<string, string>): Promise<ChildInstance> {
  const port = await closedPort();
  const child = await spawnServer(env, port);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  let output = "";
  await new Promise<void>((ready, fail) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Portfolio server ready")) ready();
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    void exited.then(() => fail(new Error(`the instance exited before it was ready:\n${output}`)));
  });
  await healthBecomes({ url: `http://127.0.0.1:${port}` }, 200);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * The suite's redis-server (started before it, removed after it), its SMTP sink, and its server
 * pool, whose servers use both.
 */
export function useRedisInstances() {
  let started: RedisProcess | undefined;
  const running = (): RedisProcess => {
    if (started === undefined) throw new Error("redis-server is started in beforeAll.");
    return started;
  };
  beforeAll(async () => {
    started = await startRedis();
  });
  afterAll(async () => {
    await started?.close();
  });
  const redis = {
    get url() {
      return running().url;
    },
    stop: () => running().stop(),
    start: () => running().start(),
  };
  const smtp = useSmtp();
  const { serve, keep } = serverPool(() => ({ SMTP_URL: smtp.url, REDIS_URL: redis.url }));

  /** Runs `use` on a connection of its own to the instances' Redis (their key prefix). */
  async function withRedis<T>(use: (client: Redis) => Promise<T>): Promise<T> {
    const client = new Redis(redis.url, { keyPrefix: "portfolio:", lazyConnect: true });
    try {
      await client.connect();
      return await use(client);
    } finally {
      client.disconnect();
    }
  }

  /** A mail job as the instances share it in Redis: its state ("pending", "sent", "failed"), whether it waits for a digest. */
  async function jobRecord(key: string): Promise<{ state: string; digest?: boolean } | undefined> {
    const raw = await withRedis((client) => client.get(`job:${key}`));
    return raw === null ? undefined : (JSON.parse(raw) as { state: string; digest?: boolean });
  }

  return {
    redis,
    smtp,
    serve,
    keep,
    withRedis,
    jobRecord,
    jobState: async (key: string) => (await jobRecord(key))?.state,
    async twoInstances(env: Record<string, string> = {}): Promise<[TestServer, TestServer]> {
      const both = await Promise.all([0, 1].map(() => serve(env)));
      await Promise.all(both.map((server) => healthBecomes(server, 200)));
      return both as [TestServer, TestServer];
    },
  };
}
