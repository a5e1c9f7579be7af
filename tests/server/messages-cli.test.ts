/**
 * `npm run messages -- <command>` on a real DATA_DIR, the server running at the same time, and
 * the import of a messages.jsonl written by the first version of the server.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdir, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { DATABASE_FILE } from "../../server/database";
import { ROOT } from "./child-server";
import {
  MESSAGES_PATH,
  NOTIFY_PATH,
  outboxFiles,
  post,
  serverPool,
  storedMessages,
  type TestServer,
  tempDir,
  validMessage,
} from "./helpers";

const run = promisify(execFile);

function messagesCli(dataDir: string, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "server/messages-cli.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
  });
}

const { serve } = serverPool();

const ada = { id: randomUUID(), ...validMessage };
const bob = { id: randomUUID(), name: "Bob", email: "Bob@Example.com", message: "Second\nline" };
const ada2 = { id: randomUUID(), ...validMessage, message: "Another one from Ada." };

async function seeded(): Promise<TestServer> {
  const server = await serve({ MESSAGE_RETENTION_DAYS: "0" });
  for (const message of [ada, bob, ada2]) {
    expect((await post(server.url, MESSAGES_PATH, message)).status).toBe(201);
  }
  return server;
}

test("list shows every message, oldest first", async () => {
  const server = await seeded();
  const { stdout, stderr } = await messagesCli(server.dataDir, "list");
  const lines = stdout.trim().split("\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain(ada.id);
  expect(lines[1]).toContain("Bob <Bob@Example.com>");
  expect(lines[1]).toContain("Second line");
  expect(stderr).toContain("3 message(s)");
});

test("export writes JSON Lines with id, name, email, message and createdAt", async () => {
  const server = await seeded();
  const { stdout } = await messagesCli(server.dataDir, "export");
  const rows = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(rows.map((row) => Object.keys(row).sort())).toEqual(
    rows.map(() => ["createdAt", "email", "id", "message", "name"]),
  );
  expect(rows.map(({ createdAt: _, ...rest }) => rest)).toEqual([ada, bob, ada2]);
});

test("delete --email removes one person's messages, whatever the case of the address", async () => {
  const server = await seeded();
  const { stdout } = await messagesCli(server.dataDir, "delete", "--email", "ADA@example.com");
  expect(stdout).toContain("Deleted 2 message(s)");
  expect(storedMessages(server.dataDir).map((row) => row.id)).toEqual([bob.id]);
  // The server keeps working on the same database.
  expect((await post(server.url, MESSAGES_PATH, { ...ada, id: randomUUID() })).status).toBe(201);
});

test("purge --older-than deletes old messages and old outbox mails only", async () => {
  const dataDir = await tempDir();
  const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
  const lines = [
    { id: randomUUID(), ...validMessage, createdAt: old },
    { id: randomUUID(), ...validMessage, message: "Recent", createdAt: new Date().toISOString() },
  ];
  await writeFile(join(dataDir, "messages.jsonl"), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
  const server = await serve({ DATA_DIR: dataDir, MESSAGE_RETENTION_DAYS: "0" });
  expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
  const [mail] = await outboxFiles(dataDir);
  const oldTime = new Date(old);
  await utimes(join(dataDir, "outbox", mail ?? ""), oldTime, oldTime);
  expect((await post(server.url, NOTIFY_PATH, { ...validMessage, message: "new" })).status).toBe(200);

  const { stdout } = await messagesCli(dataDir, "purge", "--older-than", "30");
  expect(stdout).toContain("Deleted 1 message(s) and 1 outbox mail file(s)");
  expect(storedMessages(dataDir).map((row) => row.message)).toEqual(["Recent"]);
  expect(await outboxFiles(dataDir)).toHaveLength(1);
});

test("MESSAGE_RETENTION_DAYS purges on start", async () => {
  const dataDir = await tempDir();
  const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
  await writeFile(
    join(dataDir, "messages.jsonl"),
    `${JSON.stringify({ id: randomUUID(), ...validMessage, createdAt: old })}\n`,
  );
  await serve({ DATA_DIR: dataDir, MESSAGE_RETENTION_DAYS: "7" });
  expect(storedMessages(dataDir)).toEqual([]);
});

test("import adds the messages of a JSON Lines file and skips what is not a message", async () => {
  const server = await seeded();
  const file = join(await tempDir(), "backup.jsonl");
  const fresh = { id: randomUUID(), ...validMessage, message: "From a backup" };
  await writeFile(file, [JSON.stringify(fresh), JSON.stringify(ada), "not json", '{"id":"x"}'].join("\n"));
  const { stdout } = await messagesCli(server.dataDir, "import", file);
  expect(stdout).toContain("Imported 1 new message(s); 2 line(s) were not messages.");
  expect(storedMessages(server.dataDir).map((row) => row.message)).toContain("From a backup");
});

test("a wrong command or option prints the usage and exits with 2", async () => {
  const dataDir = await tempDir();
  for (const args of [["frobnicate"], ["delete"], ["purge", "--older-than", "soon"]]) {
    const failure = await messagesCli(dataDir, ...args).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code, args.join(" ")).toBe(2);
    expect(failure?.stderr).toContain("Usage: npm run messages -- <command>");
  }
});

test("the first start imports an old messages.jsonl, torn last line included, once", async () => {
  const dataDir = await tempDir();
  const known = { id: randomUUID().toUpperCase(), ...validMessage, createdAt: "2025-01-02T03:04:05.000Z" };
  await writeFile(
    join(dataDir, "messages.jsonl"),
    `${JSON.stringify(known)}\n${JSON.stringify({ ...known, id: randomUUID(), name: "Second", createdAt: "2025-01-03T00:00:00.000Z" })}\n{"id":"torn`,
  );
  const server = await serve({ DATA_DIR: dataDir, MESSAGE_RETENTION_DAYS: "0" });
  const rows = storedMessages(dataDir);
  expect(rows.map((row) => row.name)).toEqual([validMessage.name, "Second"]);
  expect(rows[0]).toMatchObject({ id: known.id.toLowerCase(), createdAt: known.createdAt });
  expect(await readdir(dataDir)).toContain("messages.jsonl.imported");
  // The imported id is known: a retry of it is not stored twice.
  expect((await post(server.url, MESSAGES_PATH, { ...validMessage, id: known.id })).status).toBe(200);
  expect(storedMessages(dataDir)).toHaveLength(2);
});

test("the data folder is 0700 and the database and mails 0600", async () => {
  const server = await seeded();
  expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
  expect((await stat(server.dataDir)).mode & 0o777).toBe(0o700);
  for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) {
    expect((await stat(join(server.dataDir, name))).mode & 0o777, name).toBe(0o600);
  }
  expect((await stat(join(server.dataDir, "outbox"))).mode & 0o777).toBe(0o700);
  const [mail] = await outboxFiles(server.dataDir);
  expect((await stat(join(server.dataDir, "outbox", mail ?? ""))).mode & 0o777).toBe(0o600);
});
