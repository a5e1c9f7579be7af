/**
 * The SQLite implementations of the store interfaces (one server process owns DATA_DIR).
 * better-sqlite3 is synchronous; every statement is short, and each write is one transaction.
 */
import type { NotifyRequestBody, StoreRequestBody } from "../src/shared/contact/protocol";
import { type Db, guarded } from "./database";
import type {
  AddOutcome,
  Answer,
  ClaimResult,
  JobOutcome,
  MailJob,
  MailJobStore,
  MessageStore,
  StoredMessage,
} from "./stores";

/** How long an answer is remembered for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A row of the messages table as SQLite returns it. */
export interface MessageRow {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  notified_at: string | null;
}

/** The one mapping from a messages row to a StoredMessage (the server's stores and the tests' reader). */
export function toMessage(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    notifiedAt: row.notified_at,
  };
}

/** Every stored message, oldest first. */
export const ALL_MESSAGES_SQL = "SELECT * FROM messages ORDER BY created_at, id";

export function createSqliteMessageStore(db: Db, now: () => Date = () => new Date()): MessageStore {
  const insert = db.prepare(
    `INSERT INTO messages (id, name, email, message, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
  );
  const byId = db.prepare<[string], MessageRow>("SELECT * FROM messages WHERE id = ?");
  const add = db.transaction((message: StoreRequestBody): AddOutcome => {
    const id = message.id.toLowerCase();
    const { changes } = insert.run(id, message.name, message.email, message.message, now().toISOString());
    if (changes === 1) return "added";
    const stored = byId.get(id);
    const same =
      stored !== undefined &&
      stored.name === message.name &&
      stored.email === message.email &&
      stored.message === message.message;
    return same ? "exists" : "conflict";
  });
  const notified = db.prepare("UPDATE messages SET notified_at = ? WHERE id = ? AND notified_at IS NULL");
  const all = db.prepare<[], MessageRow>(ALL_MESSAGES_SQL);
  const byEmail = db.prepare("DELETE FROM messages WHERE email = ? COLLATE NOCASE");
  const before = db.prepare("DELETE FROM messages WHERE created_at < ?");

  return {
    add: async (message) => guarded(() => add.immediate(message)),
    markNotified: async (id, at) => {
      guarded(() => notified.run(at.toISOString(), id.toLowerCase()));
    },
    list: async () => all.all().map(toMessage),
    deleteByEmail: async (email) => guarded(() => byEmail.run(email.trim()).changes),
    purgeOlderThan: async (cutoff) => guarded(() => before.run(cutoff.toISOString()).changes),
    close: async () => {},
  };
}

interface JobRow {
  key: string;
  fingerprint: string;
  state: "pending" | "sent";
  payload: string | null;
  holder: string | null;
  lease_until: number | null;
  attempts: number;
  created_at: number;
  status: number | null;
  answer: string | null;
  expires_at: number | null;
}

function toJob(row: JobRow): MailJob {
  return {
    key: row.key,
    fingerprint: row.fingerprint,
    payload: JSON.parse(row.payload ?? "{}") as NotifyRequestBody,
    createdAt: row.created_at,
    attempts: row.attempts,
  };
}

function answerOf(row: JobRow): Answer {
  return { status: row.status ?? 200, body: JSON.parse(row.answer ?? "{}") as Answer["body"] };
}

/**
 * Mail jobs and idempotency records in one table: a row is a pending job (payload, lease) until
 * the mail is accepted, then the remembered answer (payload dropped) until it expires.
 *
 * A SQLite database belongs to one server process, so the leases of a previous process are
 * released when the store opens: its pending jobs are abandoned and resumed by this one.
 */
export function createSqliteMailJobStore(
  db: Db,
  { now = Date.now, ttlMs = IDEMPOTENCY_TTL_MS } = {},
): MailJobStore {
  guarded(() =>
    db.prepare("UPDATE mail_jobs SET holder = NULL, lease_until = NULL WHERE state = 'pending'").run(),
  );

  const get = db.prepare<[string], JobRow>("SELECT * FROM mail_jobs WHERE key = ?");
  const remove = db.prepare("DELETE FROM mail_jobs WHERE key = ?");
  const insert = db.prepare(
    `INSERT INTO mail_jobs (key, fingerprint, state, payload, holder, lease_until, attempts, created_at)
     VALUES (?, ?, 'pending', ?, ?, ?, 1, ?)`,
  );
  const lease = db.prepare(
    "UPDATE mail_jobs SET holder = ?, lease_until = ?, attempts = attempts + 1 WHERE key = ?",
  );
  const sent = db.prepare(
    `UPDATE mail_jobs SET state = 'sent', payload = NULL, holder = NULL, lease_until = NULL,
       status = ?, answer = ?, expires_at = ? WHERE key = ?`,
  );
  const release = db.prepare("DELETE FROM mail_jobs WHERE key = ? AND state = 'pending' AND holder = ?");
  const abandoned = db.prepare<[number], JobRow>(
    "SELECT * FROM mail_jobs WHERE state = 'pending' AND (lease_until IS NULL OR lease_until <= ?) ORDER BY created_at",
  );
  const expired = db.prepare("DELETE FROM mail_jobs WHERE state = 'sent' AND expires_at <= ?");

  const claim = db.transaction(
    (key: string, fingerprint: string, payload: NotifyRequestBody, holder: string, leaseMs: number) => {
      const time = now();
      let row = get.get(key);
      if (row !== undefined && row.state === "sent" && (row.expires_at ?? 0) <= time) {
        remove.run(key);
        row = undefined;
      }
      if (row === undefined) {
        insert.run(key, fingerprint, JSON.stringify(payload), holder, time + leaseMs, time);
        const job: MailJob = { key, fingerprint, payload, createdAt: time, attempts: 1 };
        return { kind: "claimed", job } satisfies ClaimResult;
      }
      if (row.fingerprint !== fingerprint) return { kind: "conflict" } satisfies ClaimResult;
      if (row.state === "sent") return { kind: "done", answer: answerOf(row) } satisfies ClaimResult;
      if (row.holder !== null && (row.lease_until ?? 0) > time) return { kind: "busy" } satisfies ClaimResult;
      lease.run(holder, time + leaseMs, key);
      return { kind: "claimed", job: toJob({ ...row, attempts: row.attempts + 1 }) } satisfies ClaimResult;
    },
  );

  const takeAbandoned = db.transaction((holder: string, leaseMs: number) => {
    const time = now();
    const rows = abandoned.all(time);
    for (const row of rows) lease.run(holder, time + leaseMs, row.key);
    return rows.map((row) => toJob({ ...row, attempts: row.attempts + 1 }));
  });

  return {
    claim: async (key, fingerprint, payload, holder, leaseMs): Promise<ClaimResult> =>
      guarded(() => claim.immediate(key, fingerprint, payload, holder, leaseMs)),
    complete: async (key, _holder, answer) => {
      guarded(() => sent.run(answer.status, JSON.stringify(answer.body), now() + ttlMs, key));
    },
    release: async (key, holder) => {
      guarded(() => release.run(key, holder));
    },
    outcome: async (key): Promise<JobOutcome> => {
      const row = get.get(key);
      if (row === undefined) return { state: "none" };
      if (row.state === "pending") return { state: "pending" };
      return (row.expires_at ?? 0) > now() ? { state: "done", answer: answerOf(row) } : { state: "none" };
    },
    claimAbandoned: async (holder, leaseMs) => guarded(() => takeAbandoned.immediate(holder, leaseMs)),
    prune: async () => guarded(() => expired.run(now()).changes),
    close: async () => {},
  };
}
