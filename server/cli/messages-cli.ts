/**
 * The owner's tool for the stored messages and their mails: `npm run messages -- <command>`.
 * Reads DATA_DIR, REDIS_URL (and .env) like the server, and works while the server runs. Nothing
 * it prints to a terminal holds a control character a visitor typed.
 */
import { existsSync } from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { oneLine } from "../../src/shared/one-line";
import { loadConfig, storageOf } from "../config";
import { createMailQueue, queueSettings } from "../mail/mail-queue";
import { createMailer } from "../mail/mailer";
import { type Db, openDatabase } from "../store/database";
import { purgeOlderThan } from "../store/retention";
import {
  createSqliteMailJobStore,
  createSqliteMessageStore,
  ImportConflictError,
} from "../store/sqlite-stores";
import type { MailJobStore, MailState } from "../store/stores";
import { readImport } from "./import-file";

export const USAGE = `Usage: npm run messages -- <command>
  list                          one line per message, oldest first, with its mail's state
  export                        JSON Lines on stdout (id, name, email, message, createdAt)
  delete --email <address>      delete every message from that address
  purge --older-than <days>     delete messages (and .eml files in DATA_DIR/mail) older than that
  import <file.jsonl>           add the messages of an export file: all of them, or none
  retry                         send every failed and pending mail now (each still once)
  test-mail                     send one test alert to OWNER_EMAIL through SMTP_URL (or write its .eml)`;

class UsageError extends Error {}

function option(args: string[], name: string): string {
  const index = args.indexOf(name);
  const value = index === -1 ? undefined : args[index + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value.`);
  return value;
}

function describe(mail: MailState | undefined, notifiedAt: string | null, awaiting: boolean): string {
  if (notifiedAt !== null || mail?.state === "sent") return "mailed";
  if (mail === undefined && awaiting) return "mail pending (the page has not asked for it yet)";
  if (mail === undefined) return "not mailed";
  if (mail.state === "failed") return `mail failed: ${oneLine(mail.lastError ?? "", 120)}`;
  const error = mail.lastError === undefined ? "" : ` (${oneLine(mail.lastError, 80)})`;
  const next =
    mail.nextAttemptAt === undefined ? "" : `, next attempt ${new Date(mail.nextAttemptAt).toISOString()}`;
  return `mail pending${next}${error}`;
}

/** JSON with C1 controls, line separators and format characters escaped too (JSON.stringify escapes only C0). */
function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\p{Cf}]/gu, (char) =>
    char
      .split("")
      .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .join(""),
  );
}

/** The mail queue in Redis (REDIS_URL), loaded only for the command that needs it. */
async function redisJobs(url: string, db: Db): Promise<MailJobStore> {
  const [{ connectRedisState }, { openRedisMailJobStore }] = await Promise.all([
    import("../store/redis-state"),
    import("../store/redis-mail-jobs"),
  ]);
  const redisState = await connectRedisState(url, console);
  const jobs = openRedisMailJobStore(redisState, db, console);
  return { ...jobs, close: () => jobs.close().then(() => redisState.close()) };
}

/** What the owner asked for, with its options checked. */
type Command =
  | { name: "help" | "list" | "export" | "retry" | "test-mail" }
  | { name: "delete"; email: string }
  | { name: "purge"; days: number }
  | { name: "import"; file: string };

/** Reads the arguments; a wrong command or option is a UsageError before anything is opened. */
function parse(args: string[]): Command {
  const [name, ...rest] = args;
  if (name === undefined || name === "help" || name === "--help") return { name: "help" };
  if (name === "list" || name === "export" || name === "retry" || name === "test-mail") return { name };
  if (name === "delete") {
    const email = option(rest, "--email");
    if (!email.includes("@")) throw new UsageError(`--email must be an e-mail address (got "${email}").`);
    return { name, email };
  }
  if (name === "purge") {
    const raw = option(rest, "--older-than");
    if (!/^\d+$/.test(raw))
      throw new UsageError(`--older-than must be a whole number of days (got "${raw}").`);
    return { name, days: Number(raw) };
  }
  if (name === "import") {
    const file = rest[0];
    if (file === undefined || !existsSync(file))
      throw new UsageError(`import needs an existing file (got "${file ?? ""}").`);
    return { name, file };
  }
  throw new UsageError(`Unknown command "${name}".`);
}

async function run(args: string[]): Promise<void> {
  const command = parse(args);
  if (command.name === "help") {
    console.log(USAGE);
    return;
  }
  if (command.name === "test-mail") {
    await testMail();
    return;
  }
  const { dataDir, redisUrl } = storageOf();
  // A bad import file is refused before the database is opened (or created).
  const lines = command.name === "import" ? await readImport(command.file) : [];
  const { db } = openDatabase(dataDir);
  const messages = createSqliteMessageStore(db, dataDir);
  /** Runs `task` on the mail queue where the server keeps it: in Redis when REDIS_URL is set. */
  async function withJobs(task: (jobs: MailJobStore) => Promise<void>): Promise<void> {
    const jobs = await (redisUrl === undefined ? createSqliteMailJobStore(db) : redisJobs(redisUrl, db));
    await task(jobs).finally(() => jobs.close());
  }
  try {
    if (command.name === "list") {
      const rows = await messages.list();
      await withJobs(async (jobs) => {
        const mail = await jobs.states(rows.map((row) => row.id));
        const awaiting = new Set(
          // Stored, and no job yet: their page has not sent the notify step.
          (await messages.awaitingNotify(Number.POSITIVE_INFINITY))
            .map(({ id }) => id)
            .filter((id) => !mail.has(id)),
        );
        for (const row of rows) {
          const who = `${oneLine(row.name, 40)} <${oneLine(row.email)}>`;
          const state = describe(mail.get(row.id), row.notifiedAt, awaiting.has(row.id));
          console.log(`${row.createdAt}  ${row.id}  ${who}  ${state}  ${oneLine(row.message, 60)}`);
        }
        const counts = await jobs.counts();
        console.error(
          `${rows.length} message(s) in ${dataDir}; mail: ${counts.pending + awaiting.size} pending, ${counts.failed} failed.`,
        );
      });
    } else if (command.name === "export") {
      for (const { id, name, email, message, createdAt } of await messages.list()) {
        process.stdout.write(`${safeJson({ id, name, email, message, createdAt })}\n`);
      }
    } else if (command.name === "delete") {
      const { email } = command;
      console.log(`Deleted ${await messages.deleteByEmail(email)} message(s) from ${email}.`);
    } else if (command.name === "purge") {
      const report = await purgeOlderThan(messages, dataDir, command.days);
      console.log(
        `Deleted ${report.messages} message(s) and ${report.mailFiles} mail file(s) older than ${command.days} day(s).`,
      );
    } else if (command.name === "import") {
      const { file } = command;
      const added = await messages.addAll(lines).catch((error: unknown) => {
        if (!(error instanceof ImportConflictError)) throw error;
        const line = lines[error.index];
        throw new Error(
          `${file}, line ${line?.line}: the message ${line?.id} is already stored with other fields. Nothing was imported.`,
        );
      });
      console.log(`Imported ${added} new message(s); ${lines.length - added} were already stored.`);
    } else {
      const config = loadConfig();
      await withJobs(async (jobs) => {
        const count = await jobs.retryFailed();
        // Sent from here, with the server's settings; each job is taken under a lease, so a running
        // server and this command never both send it.
        const mailer = createMailer(config);
        const queue = createMailQueue({
          jobs,
          mailer,
          messages,
          log: stderrLog,
          ...queueSettings(config, redisUrl !== undefined),
          sweepEveryMs: config.mailRetryMs,
        });
        await queue.run().finally(() => queue.close());
        mailer.close();
        const left = await jobs.counts();
        console.log(
          `${count} mail(s) tried now; ${left.pending} pending, ${left.failed} failed (list says why).`,
        );
      });
    }
  } finally {
    db.close();
  }
}

/** The mail queue's log lines, one sentence each on stderr (each job's state keeps its error too). */
const say = ({ err }: { err?: unknown }, message: string) =>
  console.error(err instanceof Error ? `${message}: ${oneLine(err.message, 300)}` : message);
const stderrLog = { error: say, warn: say } as unknown as FastifyBaseLogger;

/** One alert to OWNER_EMAIL as the server sends it; prints the mail server's answer, or the file. */
async function testMail(): Promise<void> {
  const config = loadConfig();
  const mailer = createMailer(config);
  try {
    const answer = await mailer
      .sendNotification({
        name: "Test mail",
        email: config.ownerEmail,
        message: "A test alert from npm run messages -- test-mail: the server's mail settings work.",
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`the test alert to ${config.ownerEmail} was not sent: ${oneLine(reason, 300)}`);
      });
    console.log(
      config.smtpUrl === undefined
        ? `Test alert to ${config.ownerEmail} written to ${answer} (SMTP_URL is not set).`
        : `Test alert to ${config.ownerEmail} accepted by the mail server: ${oneLine(answer, 300)}`,
    );
  } finally {
    mailer.close();
  }
}

if (existsSync(".env")) process.loadEnvFile(".env");
run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(`messages: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
