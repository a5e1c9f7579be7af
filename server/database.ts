/**
 * The embedded database: DATA_DIR/portfolio.db (SQLite through better-sqlite3, WAL journal). Opening it applies the pending migrations, makes the folder 0700 and the
 * files 0600, and on the first start imports the JSON Lines files the server used before.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { Database } from "./store/sqlite-driver";
import { StoreUnavailableError } from "./stores";

export type Db = Database;

export const DATABASE_FILE = "portfolio.db";
/** The files of the first version, imported once and then renamed with this suffix. */
export const LEGACY_MESSAGES_FILE = "messages.jsonl";
export const LEGACY_IDEMPOTENCY_FILE = "idempotency.jsonl";
export const IMPORTED_SUFFIX = ".imported";

/** Migration N brings the schema from user_version N to N + 1. Append only; never edit one. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE messages (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     created_at TEXT NOT NULL,
     notified_at TEXT
   );
   CREATE INDEX messages_by_email ON messages (email COLLATE NOCASE);
   CREATE INDEX messages_by_created_at ON messages (created_at);
   CREATE TABLE mail_jobs (
     key TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('pending', 'sent')),
     payload TEXT,
     holder TEXT,
     lease_until INTEGER,
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     status INTEGER,
     answer TEXT,
     expires_at INTEGER
   );
   CREATE INDEX mail_jobs_by_state ON mail_jobs (state, lease_until);`,
];

/** SQLite result codes that mean "the disk refused", not "the code is wrong". */
const UNAVAILABLE = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOLFS|PERM)/;

/** Runs `task`, turning a refusal of the disk into a StoreUnavailableError. */
export function guarded<T>(task: () => T): T {
  try {
    return task();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE.test(code) || /^E(FBIG|NOSPC|ROFS|ACCES|IO)$/.test(code))) {
      throw new StoreUnavailableError(`The database refused the write (${code}).`, { cause: error });
    }
    throw error;
  }
}

/** Creates the folder 0700 (and tightens an existing one). */
export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/** Creates the file 0600 when missing (SQLite gives its -wal and -shm files the same mode). */
function privateFile(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}

function migrate(db: Db): void {
  const version = db.pragma("user_version", { simple: true }) as number;
  for (let index = version; index < MIGRATIONS.length; index += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[index] ?? "");
      db.pragma(`user_version = ${index + 1}`);
    })();
  }
}

export interface ImportReport {
  messages: number;
  idempotencyRecords: number;
  skippedLines: number;
}

function jsonLines(path: string): { records: Record<string, unknown>[]; bad: number } {
  const records: Record<string, unknown>[] = [];
  let bad = 0;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        records.push(value as Record<string, unknown>);
      } else bad += 1;
    } catch {
      bad += 1; // a torn last line after a crash or a full disk
    }
  }
  return { records, bad };
}

const text = (value: unknown): value is string => typeof value === "string" && value !== "";

/**
 * Imports messages.jsonl and idempotency.jsonl of the first version (once: each file is renamed
 * to *.imported afterwards, in the same step that commits its rows).
 */
/** Imports the messages of a JSON Lines file (id, name, email, message, createdAt); known ids are skipped. */
export function importMessagesFile(
  db: Db,
  path: string,
  now = Date.now(),
): { imported: number; skipped: number } {
  const { records, bad } = jsonLines(path);
  let imported = 0;
  let skipped = bad;
  const insert = db.prepare(
    "INSERT OR IGNORE INTO messages (id, name, email, message, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const record of records) {
      const { id, name, email, message, createdAt } = record;
      if (!text(id) || !text(name) || !text(email) || !text(message)) {
        skipped += 1;
        continue;
      }
      const created = text(createdAt) && !Number.isNaN(Date.parse(createdAt)) ? createdAt : null;
      const at = new Date(created ?? now).toISOString();
      imported += insert.run(id.toLowerCase(), name, email, message, at).changes;
    }
  })();
  return { imported, skipped };
}

export function importLegacyFiles(db: Db, dataDir: string, now = Date.now()): ImportReport {
  const report: ImportReport = { messages: 0, idempotencyRecords: 0, skippedLines: 0 };
  const messagesPath = join(dataDir, LEGACY_MESSAGES_FILE);
  if (existsSync(messagesPath)) {
    const { imported, skipped } = importMessagesFile(db, messagesPath, now);
    report.messages += imported;
    report.skippedLines += skipped;
    renameSync(messagesPath, `${messagesPath}${IMPORTED_SUFFIX}`);
    chmodSync(`${messagesPath}${IMPORTED_SUFFIX}`, 0o600);
  }
  const idempotencyPath = join(dataDir, LEGACY_IDEMPOTENCY_FILE);
  if (existsSync(idempotencyPath)) {
    const { records, bad } = jsonLines(idempotencyPath);
    report.skippedLines += bad;
    const insert = db.prepare(
      `INSERT OR IGNORE INTO mail_jobs (key, fingerprint, state, created_at, status, answer, expires_at)
       VALUES (?, ?, 'sent', ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (const { key, fingerprint, status, body, expiresAt } of records) {
        if (!text(key) || !text(fingerprint) || typeof status !== "number" || typeof expiresAt !== "number") {
          continue;
        }
        if (expiresAt <= now || typeof body !== "object" || body === null) continue;
        report.idempotencyRecords += insert.run(
          key,
          fingerprint,
          now,
          status,
          JSON.stringify(body),
          expiresAt,
        ).changes;
      }
    })();
    renameSync(idempotencyPath, `${idempotencyPath}${IMPORTED_SUFFIX}`);
    chmodSync(`${idempotencyPath}${IMPORTED_SUFFIX}`, 0o600);
  }
  return report;
}

export interface OpenedDatabase {
  db: Db;
  imported: ImportReport;
}

/** Opens (creating when needed) DATA_DIR/portfolio.db with the schema up to date. */
export function openDatabase(dataDir: string): OpenedDatabase {
  return guarded(() => {
    privateDir(dataDir);
    const path = join(dataDir, DATABASE_FILE);
    privateFile(path);
    const db = new Database(path);
    try {
      db.pragma("journal_mode = WAL");
      // With WAL, NORMAL writes each commit to the WAL before the caller answers, so a crash or a
      // kill -9 of the server loses no acknowledged message; only a power cut or a kernel crash can
      // lose the last commits. FULL would fsync every commit, which blocks the event loop for one
      // disk flush per message (about 7 ms on a small VM's disk, i.e. at most ~130 messages/s).
      db.pragma("synchronous = NORMAL");
      // The CLI may write while the server runs.
      db.pragma("busy_timeout = 5000");
      migrate(db);
      const imported = importLegacyFiles(db, dataDir);
      return { db, imported };
    } catch (error) {
      db.close();
      throw error;
    }
  });
}
