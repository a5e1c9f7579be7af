/**
 * Reads the messages and mail jobs the server stored in DATA_DIR/portfolio.db through a separate
 * read-only connection (what an owner's tool would see), for the server and end-to-end suites.
 */
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/store/database";
import { Database } from "../../server/store/sqlite-driver";
import { ALL_MESSAGES_SQL } from "../../server/store/sqlite-stores";
import type { StoredMessage } from "../../server/store/stores";

/** Runs `read` on a read-only connection to DATA_DIR's database; `fallback` when there is none yet. */
function reading<T>(dataDir: string, fallback: T, read: (db: Database) => T): T {
  let db: Database;
  try {
    db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  } catch {
    return fallback;
  }
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The stored messages, oldest first. */
export function storedMessages(dataDir: string): StoredMessage[] {
  return reading(dataDir, [], (db) => db.prepare<[], StoredMessage>(ALL_MESSAGES_SQL).all());
}

/** A row of the mail queue, as the server keeps it. */
export interface MailJobRow {
  key: string;
  state: "pending" | "sent" | "failed";
  /** The message, kept until the mail is accepted. */
  payload: string | null;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  digest: number;
}

/** The server's mail jobs, oldest first. */
export function mailJobs(dataDir: string): MailJobRow[] {
  return reading(dataDir, [], (db) =>
    db.prepare<[], MailJobRow>("SELECT * FROM mail_queue ORDER BY created_at, key").all(),
  );
}
