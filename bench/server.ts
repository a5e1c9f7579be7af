/**
 * `npm run bench:server`: load on the real server (a child process on the built app, rate limit
 * raised), then a count of what was stored and mailed against the 2xx answers. A benchmark, not
 * a test: it asserts nothing and the figures depend on the machine. They are printed; BENCH_SAVE=1
 * also writes them into the "Server" section of bench/latest.md (the Lighthouse part is left as it
 * is). The knobs are in docs/testing.md.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { connect, type Socket } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { API_KEY_HEADER, DEV_API_KEY, MESSAGES_PATH, NOTIFY_PATH } from "../src/shared/contact/protocol";
import { startRedis } from "../tests/server/redis-process";
import { closedPort } from "../tests/support/net";
import { listenSmtp } from "../tests/support/smtp";
import { storedMessages } from "../tests/support/stored-messages";
import { SERVER_SECTION, writeSection } from "./latest-section";

const ROOT = join(import.meta.dirname, "..");
const DIST = join(ROOT, "dist");
const LATEST = join(ROOT, "bench/latest.md");
/**
 * The key the build sends unless VITE_NOTIFY_API_KEY says otherwise: the server refuses to start in
 * production with it, and on a page built with another (build-server.ts), so the bench runs the
 * server outside production (which only adds HSTS and drops loopback origins; neither costs time).
 */
const API_KEY = DEV_API_KEY;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

if (!existsSync(join(DIST, "index.html"))) {
  console.error("bench:server needs the built app: run `npm run build` first.");
  process.exit(1);
}

/** The largest hashed script of the build (the one worth precompressing). */
function largestScript(): string {
  const scripts = readdirSync(join(DIST, "assets")).filter((name) => name.endsWith(".js"));
  const [largest] = scripts.sort(
    (a, b) => statSync(join(DIST, "assets", b)).size - statSync(join(DIST, "assets", a)).size,
  );
  if (largest === undefined) throw new Error("no script in dist/assets");
  return `/assets/${largest}`;
}

/** An SMTP server that accepts every mail at once and counts them. */
async function startSmtp(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let mails = 0;
  const { url, close } = await listenSmtp(({ accept }) => {
    mails += 1;
    accept();
  });
  return { url, count: () => mails, close };
}

async function startServer(
  dataDir: string,
  smtpUrl: string,
  env: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await closedPort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/serve.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: DIST,
      API_KEY,
      SMTP_URL: smtpUrl,
      RATE_LIMIT_MAX: "1000000", // the highest the configuration accepts
      ALERT_LIMIT: "999999/1h",
      LOG_LEVEL: "error",
      MAX_CONNECTIONS_PER_IP: "1000",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Row {
  name: string;
  result: autocannon.Result;
}

const message = { name: "Bench Mark", email: "bench@example.com", message: "A message from the benchmark." };

async function run(name: string, options: autocannon.Options): Promise<Row> {
  process.stdout.write(`${name}… `);
  const result = await autocannon({ duration: DURATION_S, connections: 20, ...options });
  console.log(`${Math.round(result.requests.average)} req/s`);
  return { name, result };
}

const smtp = await startSmtp();
const dataDir = mkdtempSync(join(tmpdir(), "portfolio-bench-server-"));
const server = await startServer(dataDir, smtp.url);
const script = largestScript();
const json = { "content-type": "application/json", [API_KEY_HEADER]: API_KEY };

const loadBefore = loadavg()[0] ?? 0;
const rows: Row[] = [];
try {
  rows.push(await run("GET / (prerendered page)", { url: `${server.url}/` }));
  rows.push(
    await run("GET /skills (prerendered page, br)", {
      url: `${server.url}/skills`,
      headers: { "accept-encoding": "br" },
    }),
  );
  rows.push(
    await run(`GET ${script} (br, precompressed)`, {
      url: `${server.url}${script}`,
      headers: { "accept-encoding": "br" },
    }),
  );
  rows.push(await run(`GET ${script} (identity)`, { url: `${server.url}${script}` }));
  rows.push(
    await run("POST /api/messages (new id each)", {
      url: server.url,
      requests: [
        {
          method: "POST",
          path: MESSAGES_PATH,
          headers: json,
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ id: randomUUID(), ...message }) }),
        },
      ],
    }),
  );
  rows.push(
    await run("POST notify (new key each, SMTP)", {
      url: server.url,
      requests: [
        {
          method: "POST",
          path: NOTIFY_PATH,
          body: JSON.stringify(message),
          setupRequest: (request) => ({ ...request, headers: { ...json, "idempotency-key": randomUUID() } }),
        },
      ],
    }),
  );
} finally {
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
  await smtp.close();
}

const stored = storedMessages(dataDir).length;
const mailed = smtp.count();
rmSync(dataDir, { recursive: true, force: true });
const storeRow = rows.find((row) => row.name.startsWith("POST /api/messages"));
const notifyRow = rows.find((row) => row.name.startsWith("POST notify"));

/**
 * Idle sockets: 40 loopback addresses hold 50 sockets each and open a new one whenever one is
 * closed (by the per-address cap at once, or the header time limit), while /healthz is asked from
 * another address, one request after the other, for the run's duration.
 */
async function idleSocketFlood(): Promise<{
  probes: number;
  answered: number;
  p50: number;
  p99: number;
  opened: number;
}> {
  const floodSmtp = await startSmtp();
  const dir = mkdtempSync(join(tmpdir(), "portfolio-bench-flood-"));
  const target = await startServer(dir, floodSmtp.url, { MAX_CONNECTIONS_PER_IP: "" });
  const port = Number(new URL(target.url).port);
  const sockets = new Set<Socket>();
  let flooding = true;
  let opened = 0;
  const hold = (localAddress: string) => {
    if (!flooding) return;
    opened += 1;
    const socket = connect({ host: "127.0.0.1", port, localAddress });
    sockets.add(socket);
    socket.on("error", () => {});
    socket.once("close", () => {
      sockets.delete(socket);
      setImmediate(() => hold(localAddress));
    });
  };
  for (let address = 10; address < 50; address += 1)
    for (let i = 0; i < 50; i += 1) hold(`127.0.0.${address}`);
  const latencies: number[] = [];
  let probes = 0;
  const agent = new Agent({ localAddress: "127.0.0.2", keepAlive: false });
  for (const until = Date.now() + DURATION_S * 1000; Date.now() < until; probes += 1) {
    const started = performance.now();
    const ok = await new Promise<boolean>((resolve) => {
      const request = httpGet(`${target.url}/healthz`, { agent, timeout: 10_000 }, (response) => {
        response.resume();
        response.once("end", () => resolve(response.statusCode === 200));
      });
      request.once("timeout", () => request.destroy());
      request.once("error", () => resolve(false));
    });
    if (ok) latencies.push(performance.now() - started);
  }
  flooding = false;
  for (const socket of sockets) socket.destroy();
  target.child.kill("SIGTERM");
  await new Promise((resolve) => target.child.once("exit", resolve));
  await floodSmtp.close();
  rmSync(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.floor(share * (latencies.length - 1))] ?? Number.NaN);
  return { probes, answered: latencies.length, p50: at(0.5), p99: at(0.99), opened };
}
process.stdout.write("idle-socket flood… ");
const flood = await idleSocketFlood();
console.log(`${flood.answered}/${flood.probes} health checks answered`);

/**
 * Several instances (REDIS_URL): one instance, then two, sharing a real redis-server, under the
 * same load (the same 20 connections, spread over the instances). Requests that use Redis (rate
 * limit, idempotency + mail job) and one that does not (a page).
 */
interface InstancesRow extends Row {
  instances: number;
}
const instanceRows: InstancesRow[] = [];
const redis = await startRedis();
const sharedSmtp = await startSmtp();
const instanceDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "portfolio-bench-instance-")));
const instances: { url: string; child: ChildProcess }[] = [];
try {
  for (const dir of instanceDirs)
    instances.push(await startServer(dir, sharedSmtp.url, { REDIS_URL: redis.url }));
  // autocannon spreads its connections over several URLs (its README: `url`); its types say string.
  type SpreadOptions = Omit<autocannon.Options, "url"> & { url: string[] };
  const loads: [string, (urls: string[]) => SpreadOptions][] = [
    ["GET / (prerendered page)", (urls) => ({ url: urls.map((url) => `${url}/`) })],
    [
      "POST /api/messages (new id each)",
      (urls) => ({
        url: urls,
        requests: [
          {
            method: "POST",
            path: MESSAGES_PATH,
            headers: json,
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ id: randomUUID(), ...message }),
            }),
          },
        ],
      }),
    ],
    [
      "POST notify (new key each, SMTP)",
      (urls) => ({
        url: urls,
        requests: [
          {
            method: "POST",
            path: NOTIFY_PATH,
            body: JSON.stringify(message),
            setupRequest: (request) => ({
              ...request,
              headers: { ...json, "idempotency-key": randomUUID() },
            }),
          },
        ],
      }),
    ],
  ];
  for (const [name, options] of loads) {
    for (const count of [1, 2]) {
      const urls = instances.slice(0, count).map((instance) => instance.url);
      const row = await run(
        `${name}, ${count} instance${count > 1 ? "s" : ""} + Redis`,
        options(urls) as unknown as autocannon.Options,
      );
      instanceRows.push({ ...row, name, instances: count });
    }
  }
} finally {
  for (const instance of instances) {
    instance.child.kill("SIGTERM");
    await new Promise((resolve) => instance.child.once("exit", resolve));
  }
  await sharedSmtp.close();
  await redis.close();
}
/**
 * Redis takeover: instance A takes a job and is killed (SIGKILL) while its mail is on the wire,
 * never answered; how long until instance B, sharing Redis (MAIL_LEASE_MS at its default), sends it.
 */
async function takeover(): Promise<{ ms: number; leaseMs: string }> {
  const takeoverRedis = await startRedis();
  let mails = 0;
  let sending = (): void => undefined;
  let sent = (_at: number): void => undefined;
  const onTheWire = new Promise<void>((resolve) => {
    sending = resolve;
  });
  const resent = new Promise<number>((resolve) => {
    sent = resolve;
  });
  const takeoverSmtp = await listenSmtp(({ accept }) => {
    mails += 1;
    // The first mail is never answered: its sender dies with it.
    if (mails === 1) sending();
    else {
      sent(performance.now());
      accept();
    }
  });
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "portfolio-bench-takeover-")));
  const started: ChildProcess[] = [];
  try {
    const env = { REDIS_URL: takeoverRedis.url };
    const [a, b] = [
      await startServer(dirs[0] ?? "", takeoverSmtp.url, env),
      await startServer(dirs[1] ?? "", takeoverSmtp.url, env),
    ];
    started.push(a.child, b.child);
    await fetch(`${a.url}${NOTIFY_PATH}`, {
      method: "POST",
      headers: { ...json, "idempotency-key": randomUUID() },
      body: JSON.stringify(message),
    });
    await onTheWire;
    const killed = performance.now();
    a.child.kill("SIGKILL");
    return { ms: Math.round((await resent) - killed), leaseMs: "15000 (the default)" };
  } finally {
    for (const child of started) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
    }
    await takeoverSmtp.close();
    await takeoverRedis.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
process.stdout.write("Redis takeover of a killed instance's job… ");
const takenOver = await takeover();
console.log(`${takenOver.ms} ms`);

const sharedMailed = sharedSmtp.count();
const sharedNotified = instanceRows
  .filter((row) => row.name.startsWith("POST notify"))
  .reduce((sum, row) => sum + row.result["2xx"], 0);
for (const dir of instanceDirs) rmSync(dir, { recursive: true, force: true });

const lines = [
  `## Server (${new Date().toISOString()}, autocannon, ${DURATION_S} s × 20 connections each, ${cpus().length} CPUs)`,
  "",
  `Machine load average before the run: ${loadBefore.toFixed(1)} (figures from a shared machine are comparable only between runs at a similar load). Server: outside production (the development key the build sends), SQLite WAL with synchronous=NORMAL, mails to a local SMTP server.`,
  "",
  "| load | req/s | p50 latency | p99 latency | 2xx | other | errors+timeouts |",
  "|---|---|---|---|---|---|---|",
  ...rows.map(
    ({ name, result }) =>
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result["2xx"]} | ${result.non2xx} | ${result.errors + result.timeouts} |`,
  ),
  "",
  `Afterwards: ${stored} messages stored for ${storeRow?.result["2xx"] ?? 0} answers 201/200; ${mailed} mails accepted by SMTP for ${notifyRow?.result["2xx"] ?? 0} answers 200 (a notify is answered once its mail job is recorded; the rest were still in the mail queue when the server was stopped).`,
  "",
  "### Idle sockets",
  "",
  `40 loopback addresses holding 50 idle sockets each (2,000), re-opened as the server closes them (${flood.opened} opened in ${DURATION_S} s), while /healthz is asked from another address, one request after the other: ${flood.answered} of ${flood.probes} answered 200, p50 ${flood.p50} ms, p99 ${flood.p99} ms.`,
  "",
  "### Several instances sharing Redis (REDIS_URL), the same load spread over them",
  "",
  "| load | instances | req/s | p50 latency | p99 latency | 2xx | other | errors+timeouts |",
  "|---|---|---|---|---|---|---|---|",
  ...instanceRows.map(
    ({ name, instances: count, result }) =>
      `| ${name} | ${count} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result["2xx"]} | ${result.non2xx} | ${result.errors + result.timeouts} |`,
  ),
  "",
  `Afterwards: ${sharedMailed} mails accepted by SMTP for ${sharedNotified} notify answers 200 (the rest were still in flight when the load stopped). The load generator runs on the same ${cpus().length} CPUs as the instances and Redis, so two instances share the cores one had.`,
  "",
  "| Redis takeover | MAIL_LEASE_MS | time |",
  "|---|---|---|",
  `| instance A killed (SIGKILL) with a mail on the wire → instance B sends it | ${takenOver.leaseMs} | ${takenOver.ms} ms |`,
];
const section = lines.join("\n");
console.log(`\n${section}`);
if (process.env.BENCH_SAVE === "1") {
  writeSection(LATEST, SERVER_SECTION, section);
  console.log("\nWritten to bench/latest.md.");
}
