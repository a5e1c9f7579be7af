/**
 * The owner's tool for the stored messages: `npm run messages -- <command>`.
 *
 *   list                          one line per message, oldest first
 *   export                        JSON Lines on stdout (id, name, email, message, createdAt)
 *   delete --email <address>      deletes every message from that address
 *   purge --older-than <days>     deletes messages (and outbox .eml files) older than that
 *   import <file.jsonl>           adds the messages of a JSON Lines file (e.g. an export)
 *
 * Reads DATA_DIR (and .env) like the server; safe to run while the server runs.
 */
import { existsSync } from "node:fs";
import { dataDirOf } from "./config";
import { importMessagesFile, openDatabase } from "./database";
import { purgeOlderThan } from "./retention";
import { createSqliteMessageStore } from "./sqlite-stores";

export const USAGE = `Usage: npm run messages -- <command>
  list                          one line per message, oldest first
  export                        JSON Lines on stdout (id, name, email, message, createdAt)
  delete --email <address>      delete every message from that address
  purge --older-than <days>     delete messages (and outbox .eml files) older than that
  import <file.jsonl>           add the messages of a JSON Lines file`;

class UsageError extends Error {}

function option(args: string[], name: string): string {
  const index = args.indexOf(name);
  const value = index === -1 ? undefined : args[index + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value.`);
  return value;
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === undefined || command === "help" || command === "--help") {
    console.log(USAGE);
    return;
  }
  if (!["list", "export", "delete", "purge", "import"].includes(command)) {
    throw new UsageError(`Unknown command "${command}".`);
  }
  const dataDir = dataDirOf();
  const { db } = openDatabase(dataDir);
  const messages = createSqliteMessageStore(db);
  try {
    if (command === "list") {
      const rows = await messages.list();
      for (const row of rows) {
        const notified = row.notifiedAt === null ? "not mailed" : "mailed";
        console.log(
          `${row.createdAt}  ${row.id}  ${oneLine(row.name, 40)} <${row.email}>  ${notified}  ${oneLine(row.message, 60)}`,
        );
      }
      console.error(`${rows.length} message(s) in ${dataDir}.`);
    } else if (command === "export") {
      for (const row of await messages.list()) {
        const { id, name, email, message, createdAt } = row;
        process.stdout.write(`${JSON.stringify({ id, name, email, message, createdAt })}\n`);
      }
    } else if (command === "delete") {
      const email = option(rest, "--email");
      if (!email.includes("@")) throw new UsageError(`--email must be an e-mail address (got "${email}").`);
      const count = await messages.deleteByEmail(email);
      console.log(`Deleted ${count} message(s) from ${email}.`);
    } else if (command === "purge") {
      const raw = option(rest, "--older-than");
      if (!/^\d+$/.test(raw))
        throw new UsageError(`--older-than must be a whole number of days (got "${raw}").`);
      const report = await purgeOlderThan(messages, dataDir, Number(raw));
      console.log(
        `Deleted ${report.messages} message(s) and ${report.mailFiles} outbox mail file(s) older than ${raw} day(s).`,
      );
    } else {
      const file = rest[0];
      if (file === undefined || !existsSync(file))
        throw new UsageError(`import needs an existing file (got "${file ?? ""}").`);
      const { imported, skipped } = importMessagesFile(db, file);
      console.log(`Imported ${imported} new message(s); ${skipped} line(s) were not messages.`);
    }
  } finally {
    await messages.close();
    db.close();
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
