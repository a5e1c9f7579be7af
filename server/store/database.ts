/** DATA_DIR/portfolio.db (SQLite, WAL): migrations, checks, and the lock that keeps a second server off. */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Database } from "./sqlite-driver";
import { StoreUnavailableError } from "./stores";

export type Db = Database;

export const DATABASE_FILE = "portfolio.db";
/** Written next to the database once it has held a message: an empty database then is a loss. */
const HELD_MESSAGES_FILE = "portfolio.db.had-messages";
const LOCK_FILE = "server.lock";
const PID_FILE = "server.pid";
/** How long a statement waits for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

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
  // The mail queue: a failed send keeps its job, with its next attempt or why it failed for good.
  `CREATE TABLE mail_queue (
     key TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
     payload TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     next_attempt_at INTEGER,
     digest INTEGER NOT NULL DEFAULT 0,
     holder TEXT,
     lease_until INTEGER,
     last_error TEXT,
     done_at INTEGER
   );
   INSERT INTO mail_queue (key, fingerprint, state, payload, attempts, created_at, next_attempt_at, done_at)
     SELECT key, fingerprint, state, payload, attempts, created_at,
       CASE state WHEN 'pending' THEN created_at END, CASE state WHEN 'sent' THEN created_at END
     FROM mail_jobs;
   DROP TABLE mail_jobs;
   CREATE INDEX mail_queue_by_state ON mail_queue (state, next_attempt_at);
   CREATE TABLE alert_windows (start INTEGER PRIMARY KEY, count INTEGER NOT NULL);
   CREATE TABLE redis_spool (key TEXT PRIMARY KEY, settlement TEXT NOT NULL);
   CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL, pad BLOB);`,
  // When a message stored by the API gets its alert if the page's notify step never comes.
  `ALTER TABLE messages ADD COLUMN notify_by INTEGER;
   CREATE INDEX messages_by_notify_by ON messages (notify_by) WHERE notify_by IS NOT NULL;`,
];

/** Runs `task`; any failure of the database or the disk becomes a StoreUnavailableError (503). */
export function guarded<T>(task: () => T): T {
  try {
    return task();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^(SQLITE_|E(FBIG|NOSPC|ROFS|ACCES|IO)$)/.test(code)) {
      throw new StoreUnavailableError(`The database refused the request (${code}).`, { cause: error });
    }
    throw error;
  }
}

export function privateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/**
 * One IMMEDIATE transaction (the write lock first) that reads the version again inside it: of
 * several processes opening a new DATA_DIR at once, one migrates and the others find nothing to do.
 */
function migrate(db: Db): void {
  const version = () => db.pragma("user_version", { simple: true }) as number;
  if (version() >= MIGRATIONS.length) return;
  db.transaction(() => {
    for (let index = version(); index < MIGRATIONS.length; index += 1) {
      db.exec(MIGRATIONS[index] ?? "");
      db.pragma(`user_version = ${index + 1}`);
    }
  }).immediate();
}

/**
 * `journal_mode = WAL` on a new file: when several processes switch it at once, SQLite answers one
 * of them SQLITE_BUSY at once, without its busy handler; tried again here for as long as that would wait.
 */
function switchToWal(db: Db): void {
  for (const deadline = Date.now() + BUSY_TIMEOUT_MS; ; ) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** A start-up check failed: the sentence says what is wrong and what to do. */
export class StartupError extends Error {
  override name = "StartupError";
}

function damaged(path: string, problem: string): StartupError {
  return new StartupError(
    `${path} is damaged (${problem}). Stop here: copy the file aside, save what can still be read with \`npm run messages -- export > backup.jsonl\`, then restore a backup of the file, or move it away and load the export into a new one with \`npm run messages -- import backup.jsonl\`.`,
  );
}

export interface OpenedDatabase {
  db: Db;
  /** Set when the database is empty although this DATA_DIR held messages before. */
  warning?: string;
}

/**
 * Opens DATA_DIR/portfolio.db with the schema up to date. For the server (`checked`): a damaged file
 * or the first version's messages.jsonl stops it, an empty one where messages were before warns.
 */
export function openDatabase(dataDir: string, { checked = false } = {}): OpenedDatabase {
  privateDir(dataDir);
  const path = join(dataDir, DATABASE_FILE);
  const legacy = join(dataDir, "messages.jsonl");
  if (checked && existsSync(legacy)) {
    throw new StartupError(
      `${legacy} is left from the first version of the server: import it with \`npm run messages -- import <DATA_DIR>/messages.jsonl\`, then rename it.`,
    );
  }
  // Created 0600 (SQLite gives its -wal and -shm files the same mode).
  writeFileSync(path, "", { flag: "a", mode: 0o600 });
  chmodSync(path, 0o600);
  const db = new Database(path);
  try {
    // First of all: the CLI may write while the server runs, and both may open a new file at once
    // (switching it to WAL and migrating it take the write lock).
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const problem = checked ? String(db.pragma("quick_check", { simple: true })) : "ok";
    if (problem !== "ok") throw damaged(path, problem);
    switchToWal(db);
    // With WAL, NORMAL writes each commit to the WAL before the caller answers, so a crash or a
    // kill -9 of the server loses no acknowledged message; only a power cut or a kernel crash can
    // lose the last commits. FULL would fsync every commit, blocking the event loop for a disk flush.
    db.pragma("synchronous = NORMAL");
    migrate(db);
    const count = db.prepare("SELECT count(*) FROM messages").pluck().get() as number;
    if (count > 0) markHeldMessages(dataDir);
    const lost = checked && count === 0 && existsSync(join(dataDir, HELD_MESSAGES_FILE));
    return {
      db,
      ...(lost && {
        warning: `${path} holds no messages, but this DATA_DIR held messages before: if the file was lost or replaced, stop the server and restore it from a backup.`,
      }),
    };
  } catch (error) {
    db.close();
    const code = String((error as { code?: unknown }).code);
    throw /^SQLITE_(CORRUPT|NOTADB)/.test(code) ? damaged(path, code) : error;
  }
}

export function markHeldMessages(dataDir: string): void {
  writeFileSync(join(dataDir, HELD_MESSAGES_FILE), "", { mode: 0o600 });
}

/**
 * An exclusive SQLite lock on DATA_DIR/server.lock, which the system releases however the process
 * ends. A server still closing is waited for up to `waitMs`; then the start fails, naming its pid.
 */
export function lockDataDir(dataDir: string, waitMs: number): { release(): void } {
  privateDir(dataDir);
  const lock = new Database(join(dataDir, LOCK_FILE), { timeout: waitMs });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE");
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code !== "SQLITE_BUSY") throw error;
    const holder =
      readFileSync(join(dataDir, PID_FILE), { encoding: "utf8", flag: "a+" }).trim() || "unknown";
    throw new StartupError(
      `${dataDir} is in use by another server (process ${holder}). Stop it first, or give this one its own DATA_DIR.`,
    );
  }
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`, { mode: 0o600 });
  return {
    release() {
      rmSync(join(dataDir, PID_FILE), { force: true });
      lock.close();
    },
  };
}
