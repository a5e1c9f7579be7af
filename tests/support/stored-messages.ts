/**
 * Reads the messages the server stored in DATA_DIR/portfolio.db through a separate read-only
 * connection (what an owner's tool would see), for the server and end-to-end suites.
 */
import { join } from "node:path";
import { DATABASE_FILE } from "../../server/database";
import { ALL_MESSAGES_SQL, type MessageRow, toMessage } from "../../server/sqlite-stores";
import { Database } from "../../server/store/sqlite-driver";
import type { StoredMessage } from "../../server/stores";

/** The stored messages, oldest first; none when the database does not exist yet. */
export function storedMessages(dataDir: string): StoredMessage[] {
  let db: Database;
  try {
    db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  } catch {
    return [];
  }
  try {
    return db.prepare<[], MessageRow>(ALL_MESSAGES_SQL).all().map(toMessage);
  } finally {
    db.close();
  }
}
