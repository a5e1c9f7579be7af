/**
 * What a start checks, on real server processes and real files: one server per DATA_DIR (a
 * second one exits naming the first; a restart waits for the old one), a damaged database stops
 * the start, an emptied one is warned about, and `npm run dev` beside `npm run serve` works.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/store/database";
import { closedPort } from "../support/net";
import { childEntry } from "./child-bundles";
import { type ChildServer, ROOT, startChildServer } from "./child-server";
import {
  MESSAGES_PATH,
  mailJobs,
  NOTIFY_PATH,
  post,
  removeTempDirs,
  serverPool,
  tempDir,
  validMessage,
} from "./helpers";

const children: ChildServer[] = [];
const { serve } = serverPool();

async function child(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const server = await startChildServer(dataDir, { env });
  children.push(server);
  return server;
}

afterEach(async () => {
  for (const server of children.splice(0)) await server.stop();
});

afterAll(async () => {
  await removeTempDirs();
});

test("a second server on the same DATA_DIR exits, naming the first; the first sends its mail once", async () => {
  const dataDir = await tempDir();
  const first = await child(dataDir);
  // It would wait LOCK_WAIT_MS for the first to stop; the restart test below covers the default wait.
  const second = await child(dataDir, { LOCK_WAIT_MS: "100" });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(
    `Cannot start the server: ${dataDir} is in use by another server (process ${first.child.pid}).`,
  );
  expect((await post(first.url, NOTIFY_PATH, validMessage)).status).toBe(200);
  await expect.poll(() => mailJobs(dataDir)[0]?.state).toBe("sent");
  expect(mailJobs(dataDir)).toHaveLength(1);
});

test("a restart waits for the old process to let go of DATA_DIR", async () => {
  const dataDir = await tempDir();
  const old = await child(dataDir);
  const stopping = old.stop();
  const next = await child(dataDir);
  await stopping;
  expect(next.child.exitCode).toBeNull();
  expect((await post(next.url, MESSAGES_PATH, { id: randomUUID(), ...validMessage })).status).toBe(201);
});

test("several processes opening one fresh DATA_DIR at the same moment all get the whole schema", async () => {
  // The server and the messages CLI, say, on a first start: each creates and migrates the file if
  // nobody has yet. Each process waits for a line on stdin, so that they all open at once.
  const dataDir = await tempDir();
  const openers = Array.from({ length: 6 }, (_, index) => {
    const opener = spawn(
      process.execPath,
      [childEntry("tests/server/fixtures/open-database.ts"), ...(index % 2 === 0 ? ["--checked"] : [])],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    // One that is gone already cannot read the "go" below.
    opener.stdin?.on("error", () => {});
    let stdout = "";
    let stderr = "";
    opener.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
      opener.once("close", (code) => resolve({ code, stdout, stderr })),
    );
    // Ready to open, or gone before it (the results below then say why).
    const ready = Promise.race([
      exited,
      new Promise<void>((resolve) => {
        opener.stdout?.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.startsWith("ready\n")) resolve();
        });
      }),
    ]);
    return { opener, ready, exited };
  });
  await Promise.all(openers.map(({ ready }) => ready));
  for (const { opener } of openers) opener.stdin?.end("go\n");
  const results = await Promise.all(openers.map(({ exited }) => exited));

  expect(results.filter(({ code }) => code !== 0)).toEqual([]);
  const [first] = results;
  expect(first?.stdout).toMatch(/^ready\nopened, schema [1-9]\d*\n$/);
  expect(results.map(({ stdout }) => stdout)).toEqual(results.map(() => first?.stdout));
  const server = await serve({ DATA_DIR: dataDir });
  expect((await post(server.url, MESSAGES_PATH, { id: randomUUID(), ...validMessage })).status).toBe(201);
}, 60_000);

test("a damaged database stops the start, naming the file and how to recover", async () => {
  const dataDir = await tempDir();
  const before = await serve({ DATA_DIR: dataDir });
  for (let index = 0; index < 50; index += 1) {
    const message = { id: randomUUID(), ...validMessage, message: `${index} ${"x".repeat(3_000)}` };
    expect((await post(before.url, MESSAGES_PATH, message)).status).toBe(201);
  }
  await before.app.close();
  // Scribble over the pages after the first, as a failing disk would.
  const path = join(dataDir, DATABASE_FILE);
  const bytes = await readFile(path);
  bytes.fill(0x5a, 8_192, 40_960);
  await writeFile(path, bytes);

  const damaged = await child(dataDir);
  expect(await damaged.exited).toBe(1);
  expect(damaged.output()).toContain(`Cannot start the server: ${path} is damaged (`);
  expect(damaged.output()).toContain("npm run messages -- export > backup.jsonl");
});

test("a DATA_DIR that held messages but has an empty database now gets a loud warning", async () => {
  const dataDir = await tempDir();
  const before = await serve({ DATA_DIR: dataDir });
  expect((await post(before.url, MESSAGES_PATH, { id: randomUUID(), ...validMessage })).status).toBe(201);
  await before.app.close();
  for (const suffix of ["", "-wal", "-shm"])
    await rm(join(dataDir, `${DATABASE_FILE}${suffix}`), { force: true });
  await writeFile(join(dataDir, DATABASE_FILE), ""); // 0 bytes, as a botched copy leaves it

  const after = await child(dataDir);
  expect(after.output()).toContain(
    `${join(dataDir, DATABASE_FILE)} holds no messages, but this DATA_DIR held messages before`,
  );
  const quiet = await child(await tempDir());
  expect(quiet.output()).not.toContain("held messages before");
});

test("`npm run dev` beside `npm run serve`: the Vite page's origin may save and notify through its proxy", async () => {
  const server = await serve();
  const vitePort = await closedPort();
  const vite: ChildProcess = spawn(
    join(ROOT, "node_modules/.bin/vite"),
    ["--port", String(vitePort), "--strictPort", "--host", "127.0.0.1"],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: new URL(server.url).port },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  try {
    await new Promise<void>((ready, fail) => {
      let output = "";
      vite.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(String(vitePort))) ready();
      });
      vite.once("exit", () => fail(new Error(`vite exited: ${output}`)));
    });
    const origin = `http://localhost:${vitePort}`;
    const page = `http://127.0.0.1:${vitePort}`;
    const id = randomUUID();
    const saved = await post(page, MESSAGES_PATH, { id, ...validMessage }, { headers: { origin } });
    expect(saved.status).toBe(201);
    const notified = await post(page, NOTIFY_PATH, validMessage, {
      headers: { origin, "idempotency-key": id },
    });
    expect(notified.status).toBe(200);
    expect(mailJobs(server.dataDir)).toMatchObject([{ key: id }]);
  } finally {
    vite.kill("SIGTERM");
  }
}, 60_000);
