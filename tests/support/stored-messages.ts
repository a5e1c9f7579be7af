/**
 * Reads the messages the server stored in DATA_DIR/portfolio.db through a separate read-only
 * connection (what an owner's tool would see), for the server and end-to-end suites.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { DATABASE_FILE } from "../../server/database";
import type { StoredMessage } from "../../server/stores";

interface MessageRow {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  notified_at: string | null;
}

/** The stored messages, oldest first; none when the database does not exist yet. */
export function storedMessages(dataDir: string): StoredMessage[] {
  let db: Database.Database;
  try {
    db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  } catch {
    return [];
  }
  try {
    return db
      .prepare<[], MessageRow>("SELECT * FROM messages ORDER BY created_at, id")
      .all()
      .map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        message: row.message,
        createdAt: row.created_at,
        notifiedAt: row.notified_at,
      }));
  } finally {
    db.close();
  }
}
