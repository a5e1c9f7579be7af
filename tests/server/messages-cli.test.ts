/**
 * `npm run messages -- <command>` on a real DATA_DIR, the server running at the same time: what
 * it prints is safe on a terminal, and an import is checked line by line and taken whole or not
 * at all.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readImport } from "../../server/cli/import-file";
import { DATABASE_FILE } from "../../server/store/database";
import { Database } from "../../server/store/sqlite-driver";
import { messagesCli } from "./child-server";
import {
  closedPort,
  MESSAGES_PATH,
  mailFiles,
  mailJobs,
  NOTIFY_PATH,
  OWNER_EMAIL,
  post,
  queueSettled,
  serverPool,
  storedMessages,
  type TestServer,
  tempDir,
  useSmtp,
  validMessage,
} from "./helpers";

const { serve } = serverPool();
const smtp = useSmtp();

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

/** Writes `lines` (objects, or raw text) as a JSON Lines file and returns its path. */
async function jsonLines(lines: (object | string)[]): Promise<string> {
  const file = join(await tempDir(), "backup.jsonl");
  await writeFile(
    file,
    lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n"),
  );
  return file;
}

test("purge --older-than deletes old messages and old mail files only", async () => {
  const dataDir = await tempDir();
  const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
  const lines = [
    { id: randomUUID(), ...validMessage, createdAt: old },
    { id: randomUUID(), ...validMessage, message: "Recent", createdAt: new Date().toISOString() },
  ];
  await messagesCli(dataDir, "import", await jsonLines(lines));
  const server = await serve({ DATA_DIR: dataDir, MESSAGE_RETENTION_DAYS: "0" });
  expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
  await queueSettled(server);
  const [mail] = await mailFiles(dataDir);
  const oldTime = new Date(old);
  await utimes(join(dataDir, "mail", mail ?? ""), oldTime, oldTime);
  expect((await post(server.url, NOTIFY_PATH, { ...validMessage, message: "new" })).status).toBe(200);
  await queueSettled(server);

  const { stdout } = await messagesCli(dataDir, "purge", "--older-than", "30");
  expect(stdout).toContain("Deleted 1 message(s) and 1 mail file(s)");
  expect(storedMessages(dataDir).map((row) => row.message)).toEqual(["Recent"]);
  expect(await mailFiles(dataDir)).toHaveLength(1);
});

test("MESSAGE_RETENTION_DAYS purges on start", async () => {
  const dataDir = await tempDir();
  const old = new Date(Date.now() - 10 * 86_400_000).toISOString();
  await messagesCli(
    dataDir,
    "import",
    await jsonLines([{ id: randomUUID(), ...validMessage, createdAt: old }]),
  );
  expect(storedMessages(dataDir)).toHaveLength(1);
  await serve({ DATA_DIR: dataDir, MESSAGE_RETENTION_DAYS: "7" });
  expect(storedMessages(dataDir)).toEqual([]);
});

test("import takes back an export: the messages, their times, and the known ones once", async () => {
  const server = await seeded();
  const exported = (await messagesCli(server.dataDir, "export")).stdout.trim().split("\n");
  const fresh = {
    id: randomUUID(),
    ...validMessage,
    message: "From a backup",
    createdAt: "2025-01-02T03:04:05.000Z",
  };
  const target = await tempDir();
  const file = await jsonLines([...exported, JSON.stringify(fresh)]);
  expect((await messagesCli(target, "import", file)).stdout).toContain(
    "Imported 4 new message(s); 0 were already stored.",
  );
  expect((await messagesCli(target, "import", file)).stdout).toContain(
    "Imported 0 new message(s); 4 were already stored.",
  );
  const rows = storedMessages(target);
  expect(rows.map(({ notifiedAt: _, ...row }) => row)).toEqual(
    [...exported.map((line) => JSON.parse(line) as typeof fresh), fresh].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    ),
  );
});

test.each([
  ["an id that is not a UUID", { id: "../../etc/passwd" }, "The message id must be a lowercase UUID."],
  ["a 2 MB message", { message: "x".repeat(2_000_000) }, "The message is too long: at most 5000 characters."],
  ["a date in the future", { createdAt: "2999-01-01T00:00:00.000Z" }, "createdAt must be a date and time"],
  ["no date", { createdAt: undefined }, "Please fill in all fields: the createdAt is missing."],
  ["an extra field", { admin: true }, "The request contains a field that is not accepted."],
  [
    "a control character in the name",
    { name: "Eve\u001b]0;x\u0007" },
    "The name must be a single line of text.",
  ],
  ["a line that is not JSON", "not json", "not a JSON object."],
])("import refuses a file with %s on a line, naming it", async (_what, bad, reason) => {
  // The check itself, in this process: the command below proves the CLI stops on it.
  const file = await importFile(bad);
  const failure = await readImport(file).then(
    () => "imported",
    (error: Error) => error.message,
  );
  expect(failure).toContain(`${file}, line 2: ${reason}`);
  expect(failure).toMatch(/ Nothing was imported\.$/);
});

/** An export file whose second line is `bad` (a line, or fields over a valid message). */
async function importFile(bad: object | string): Promise<string> {
  const good = { id: randomUUID(), ...validMessage, createdAt: new Date().toISOString() };
  return jsonLines([good, typeof bad === "string" ? bad : { ...good, id: randomUUID(), ...bad }]);
}

test("import of a file with a bad line exits 1 naming it, and imports nothing", async () => {
  const dataDir = await tempDir();
  const file = await importFile({ id: "../../etc/passwd" });
  const failure = await messagesCli(dataDir, "import", file).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure?.code).toBe(1);
  expect(failure?.stderr).toContain(
    `${file}, line 2: The message id must be a lowercase UUID. Nothing was imported.`,
  );
  expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
});

test("import refuses a known id with other fields, and imports nothing", async () => {
  const server = await seeded();
  const fresh = { id: randomUUID(), ...validMessage, createdAt: new Date().toISOString() };
  const changed = { ...ada, message: "Not what was sent.", createdAt: new Date().toISOString() };
  const failure = await messagesCli(server.dataDir, "import", await jsonLines([fresh, changed])).catch(
    (error: { stderr: string }) => error,
  );
  expect(failure.stderr).toMatch(
    /line 2: the message [0-9a-f-]+ is already stored with other fields\. Nothing was imported\./,
  );
  expect(storedMessages(server.dataDir)).toHaveLength(3);
});

test("list and export never write a control character a visitor typed to the terminal", async () => {
  const dataDir = await tempDir();
  const hostile = {
    id: randomUUID(),
    // The API refuses these; an old database or a hand-edited file might still hold them.
    name: "Eve\u001b]0;pwned\u0007",
    email: "eve@example.com",
    message: "Hello \u009b31m\u001b[2J red\u2028next",
    createdAt: new Date().toISOString(),
  };
  // A name stored before the API refused format characters: it would print as "BIDI@evil.com".
  const bidi = { ...hostile, id: randomUUID(), name: "BIDI\u202Emoc.evil@\u202C", message: "A\u2067B" };
  const server = await serve({ DATA_DIR: dataDir });
  const db = new Database(join(dataDir, DATABASE_FILE));
  const insert = db.prepare(
    "INSERT INTO messages (id, name, email, message, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  for (const row of [hostile, bidi]) insert.run(row.id, row.name, row.email, row.message, row.createdAt);
  db.close();
  const listed = await messagesCli(server.dataDir, "list");
  const exported = await messagesCli(server.dataDir, "export");
  for (const output of [listed.stdout, listed.stderr, exported.stdout]) {
    // Tab and line feed are the only controls allowed (the lines and columns of the output).
    expect(output.replace(/[\t\n]/g, "")).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
  }
  expect(listed.stdout).toContain("Eve ]0;pwned <eve@example.com>");
  expect(listed.stdout).toContain("BIDImoc.evil@ <eve@example.com>");
  // The export stays lossless: the characters are escaped, not dropped.
  const lines = exported.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { id: string });
  expect(lines.find((line) => line.id === hostile.id)).toMatchObject({
    name: hostile.name,
    message: hostile.message,
  });
  expect(lines.find((line) => line.id === bidi.id)).toMatchObject({ name: bidi.name, message: bidi.message });
});

test("a wrong command or option prints the usage, exits with 2 and creates no database", async () => {
  const dataDir = await tempDir();
  const wrong = [
    ["frobnicate"],
    ["delete"],
    ["delete", "--email", "nobody"],
    ["purge", "--older-than", "soon"],
    ["import", join(dataDir, "missing.jsonl")],
  ];
  // At once, on one DATA_DIR that has no database yet.
  const runs = wrong.map(async (args) => {
    const failure = await messagesCli(dataDir, ...args).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code, args.join(" ")).toBe(2);
    expect(failure?.stderr).toContain("Usage: npm run messages -- <command>");
  });
  await Promise.all(runs);
  expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
});

test("a messages.jsonl of the first version stops the start with the command that imports it", async () => {
  const dataDir = await tempDir();
  await writeFile(
    join(dataDir, "messages.jsonl"),
    `${JSON.stringify({ id: randomUUID(), ...validMessage })}\n`,
  );
  await expect(serve({ DATA_DIR: dataDir })).rejects.toThrow(
    `${join(dataDir, "messages.jsonl")} is left from the first version of the server: import it with \`npm run messages -- import <DATA_DIR>/messages.jsonl\`, then rename it.`,
  );
});

test("the data folder is 0700 and the database and mails 0600", async () => {
  const server = await seeded();
  expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
  await queueSettled(server);
  expect((await stat(server.dataDir)).mode & 0o777).toBe(0o700);
  for (const name of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) {
    expect((await stat(join(server.dataDir, name))).mode & 0o777, name).toBe(0o600);
  }
  expect((await stat(join(server.dataDir, "mail"))).mode & 0o777).toBe(0o700);
  const [mail] = await mailFiles(server.dataDir);
  expect((await stat(join(server.dataDir, "mail", mail ?? ""))).mode & 0o777).toBe(0o600);
});

describe("test-mail", { timeout: 60_000 }, () => {
  test("sends one alert to OWNER_EMAIL through SMTP_URL and prints the mail server's answer", async () => {
    const env = { DATA_DIR: await tempDir(), SMTP_URL: smtp.url, OWNER_EMAIL };
    const { stdout } = await messagesCli(env, "test-mail");
    expect(stdout).toMatch(new RegExp(`^Test alert to ${OWNER_EMAIL} accepted by the mail server: 250 `));
    expect(smtp.mails.map((mail) => mail.to)).toEqual([[OWNER_EMAIL]]);
  });

  test("exits non-zero with the SMTP reply, or the connection error", async () => {
    const env = { DATA_DIR: await tempDir(), SMTP_URL: smtp.url, OWNER_EMAIL };
    smtp.answer = 550;
    const refused = await messagesCli(env, "test-mail").catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("not sent: ") });
    expect((refused as { stderr: string }).stderr).toMatch(/ 550 Mailbox unavailable/);

    const down = { ...env, SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` };
    const unreachable = await messagesCli(down, "test-mail").catch((error: { code: number }) => error);
    expect(unreachable).toMatchObject({ code: 1, stderr: expect.stringContaining("ECONNREFUSED") });
    expect(smtp.mails).toHaveLength(0);
  });

  test("without SMTP_URL, writes the alert's .eml file and names it", async () => {
    const dataDir = await tempDir();
    const { stdout } = await messagesCli({ DATA_DIR: dataDir, OWNER_EMAIL }, "test-mail");
    const [file] = await mailFiles(dataDir);
    expect(stdout).toContain(`written to ${join(dataDir, "mail", file ?? "none")}`);
  });
});

test("retry sends a failed and a pending mail now, each once, beside the running server", {
  timeout: 60_000,
}, async () => {
  // An hour between attempts: only retry can send the pending one within the test.
  const server = await serve({ SMTP_URL: smtp.url, MAIL_RETRY_MS: "3600000" });
  const send = (message: string) =>
    post(
      server.url,
      NOTIFY_PATH,
      { ...validMessage, message },
      { headers: { "idempotency-key": randomUUID() } },
    );
  smtp.answer = 550;
  expect((await send("Refused for good.")).status).toBe(200);
  await expect.poll(() => mailJobs(server.dataDir).map((job) => job.state)).toEqual(["failed"]);
  smtp.answer = 451;
  expect((await send("Refused for now.")).status).toBe(200);
  // Tried once and refused: pending, its next attempt an hour away.
  await smtp.arrived(2);
  const waiting = () => mailJobs(server.dataDir).map((job) => [job.state, job.last_error !== null]);
  await expect.poll(waiting).toEqual([
    ["failed", true],
    ["pending", true],
  ]);

  smtp.answer = "accept";
  const cli = { DATA_DIR: server.dataDir, SMTP_URL: smtp.url, OWNER_EMAIL };
  expect((await messagesCli(cli, "retry")).stdout).toContain("2 mail(s) tried now; 0 pending, 0 failed");
  expect(smtp.mails).toHaveLength(2);
  expect(mailJobs(server.dataDir).map((job) => job.state)).toEqual(["sent", "sent"]);
  // The server's next pass (a new message wakes it) sends only the new one.
  expect((await send("After the retry.")).status).toBe(200);
  await queueSettled(server);
  expect(smtp.mails).toHaveLength(3);
});
