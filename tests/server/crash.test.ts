/**
 * The real server in a child process, killed or starved of disk: acknowledged messages survive
 * once, and each message is mailed once, across the crash and a restart.
 */

import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { type ChildServer, startChildServer } from "./child-server";
import {
  MESSAGES_PATH,
  mailFiles,
  mailJobs,
  NOTIFY_PATH,
  post,
  queueSettled,
  removeTempDirs,
  storedMessages,
  tempDir,
  validMessage,
} from "./helpers";

const children: ChildServer[] = [];

async function child(...args: Parameters<typeof startChildServer>): Promise<ChildServer> {
  const server = await startChildServer(...args);
  children.push(server);
  return server;
}

afterEach(async () => {
  for (const server of children.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server.exited;
  }
});

afterAll(async () => {
  await removeTempDirs();
});

/** The .eml files written for one Idempotency-Key (the file name ends with a digest of the key). */
async function mailsFor(dataDir: string, key: string): Promise<string[]> {
  const digest = createHash("sha256").update(key).digest("hex").slice(0, 16);
  return (await mailFiles(dataDir)).filter((name) => name.includes(`-owner-${digest}`));
}

test("kill -9 in the middle of a load, then a restart: every acknowledged message is there once, and mailed once", async () => {
  const dataDir = await tempDir();
  const first = await child(dataDir);
  const acknowledged = { stored: new Set<string>(), notified: new Set<string>() };
  /** Each message a client tried, by id: the outbox retries it with the same text. */
  const attempted = new Map<string, string>();
  let killed = false;

  // Eight clients, each storing then notifying its messages one after another.
  async function client(index: number): Promise<void> {
    for (let turn = 0; !killed; turn += 1) {
      const id = randomUUID();
      const body = { id, ...validMessage, message: `client ${index} message ${turn}` };
      attempted.set(id, body.message);
      try {
        const stored = await post(first.url, MESSAGES_PATH, body);
        if (stored.status === 201 || stored.status === 200) acknowledged.stored.add(id);
        const { id: _id, ...notify } = body;
        const notified = await post(first.url, NOTIFY_PATH, notify, { headers: { "idempotency-key": id } });
        if (notified.status === 200) acknowledged.notified.add(id);
      } catch {
        return; // the server is gone
      }
      if (acknowledged.stored.size >= 60 && !killed) {
        killed = true;
        first.child.kill("SIGKILL");
      }
    }
  }
  await Promise.all(Array.from({ length: 8 }, (_, index) => client(index)));
  expect(await first.exited).toBe("SIGKILL");
  expect(acknowledged.stored.size).toBeGreaterThanOrEqual(60);

  const second = await child(dataDir);
  const rows = storedMessages(dataDir);
  const ids = rows.map((row) => row.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of acknowledged.stored) expect(ids).toContain(id);
  for (const row of rows) expect(row.message).toMatch(/^client \d message \d+$/);

  // The app's outbox retries whatever was not answered, with the same text (a save refused for
  // load may have been followed by an accepted notify); each message ends up mailed once.
  for (const [id, message] of attempted) {
    const row = rows.find((entry) => entry.id === id);
    const body = { ...validMessage, message };
    if (row === undefined) expect((await post(second.url, MESSAGES_PATH, { id, ...body })).status).toBe(201);
    const notified = await post(second.url, NOTIFY_PATH, body, { headers: { "idempotency-key": id } });
    expect(notified.status, id).toBe(200);
  }
  await queueSettled({ dataDir });
  for (const id of attempted.keys()) expect(await mailsFor(dataDir, id), id).toHaveLength(1);
  expect(storedMessages(dataDir)).toHaveLength(attempted.size);
  await second.stop();
}, 120_000);

test("a crash between the mail's acceptance and its record gives one mail after the restart", async () => {
  const dataDir = await tempDir();
  const crashing = await child(dataDir, { entry: "tests/server/fixtures/crash-after-send.ts" });
  const key = randomUUID();
  const headers = { "idempotency-key": key };
  // Recorded, so answered; the send then runs in the background, and the crash follows it.
  expect((await post(crashing.url, NOTIFY_PATH, validMessage, { headers })).status).toBe(200);
  expect(await crashing.exited).toBe("SIGKILL");
  expect(await mailsFor(dataDir, key)).toHaveLength(1);

  // The job was still pending: the restarted server sends it again (the same file, so the same
  // Message-ID), and the retry is answered from its record.
  const restarted = await child(dataDir);
  const retry = await post(restarted.url, NOTIFY_PATH, validMessage, { headers });
  expect(retry.status).toBe(200);
  await queueSettled({ dataDir });
  expect(mailJobs(dataDir)).toMatchObject([{ key, state: "sent" }]);
  expect(await mailsFor(dataDir, key)).toHaveLength(1);
  expect(await mailFiles(dataDir)).toHaveLength(1);
  const again = await post(restarted.url, NOTIFY_PATH, validMessage, { headers });
  expect(again.status).toBe(200);
  expect(await mailFiles(dataDir)).toHaveLength(1);
}, 60_000);

test("a full disk gives 503 with nothing half-written, and the next message is intact", async () => {
  const dataDir = await tempDir();
  // The child may not grow any file past 256 kB (RLIMIT_FSIZE): the database soon hits it.
  const server = await child(dataDir, { prefix: ["prlimit", `--fsize=${256 * 1024}:unlimited`] });
  const acknowledged: string[] = [];
  let refused: { id: string; response: Response } | undefined;
  const long = "x".repeat(4_900);
  for (let index = 0; index < 400 && refused === undefined; index += 1) {
    const id = randomUUID();
    const response = await post(server.url, MESSAGES_PATH, {
      id,
      ...validMessage,
      message: `${index} ${long}`,
    });
    if (response.status === 201) acknowledged.push(id);
    else refused = { id, response };
  }
  expect(refused?.response.status).toBe(503);
  expect(refused?.response.headers.get("retry-after")).not.toBeNull();
  expect(await refused?.response.json()).toMatchObject({ success: false });
  expect(acknowledged.length).toBeGreaterThan(0);
  // The health check says so too, and a notify (a mail job to record) is refused the same way.
  const health = await fetch(`${server.url}/healthz`);
  expect({ status: health.status, body: await health.json() }).toEqual({
    status: 503,
    body: { status: "unavailable", database: "unavailable" },
  });
  const notify = await post(server.url, NOTIFY_PATH, { ...validMessage, message: `${long} notify` });
  expect(notify.status).toBe(503);
  expect(notify.headers.get("retry-after")).toMatch(/^\d+$/);

  // Space comes back (the limit is lifted on the running process): the next message is stored.
  execFileSync("prlimit", ["--pid", String(server.child.pid), "--fsize=unlimited"]);
  expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
  const next = { id: randomUUID(), ...validMessage, message: "After the disk was full." };
  expect((await post(server.url, MESSAGES_PATH, next)).status).toBe(201);
  const retried = { id: refused?.id ?? "", ...validMessage, message: "Retried after the disk was full." };
  expect((await post(server.url, MESSAGES_PATH, retried)).status).toBe(201);
  await server.stop();

  const rows = storedMessages(dataDir);
  expect(rows.map((row) => row.id)).toEqual([...acknowledged, next.id, retried.id]);
  for (const [index, row] of rows.slice(0, acknowledged.length).entries()) {
    expect(row.message).toBe(`${index} ${long}`);
  }
  expect(rows.at(-2)?.message).toBe(next.message);
}, 60_000);
