/** The SQLite stores. better-sqlite3 is synchronous: every statement is short, each write one transaction. */
import type { NotifyRequestBody, StoreRequestBody } from "../../src/shared/contact/protocol";
import { type Db, guarded, markHeldMessages } from "./database";
import {
  type AddOutcome,
  IDEMPOTENCY_TTL_MS,
  LATE_AFTER_MS,
  type MailJob,
  type MailJobStore,
  type MessageStore,
  type StoredMessage,
} from "./stores";

/** `addAll` refused: the message at `index` has the id of a stored message with other fields. */
export class ImportConflictError extends Error {
  constructor(readonly index: number) {
    super("A message with this id is already stored, with other fields.");
  }
}

/** Every stored message, oldest first, as StoredMessage objects (the server's stores and the tests' reader). */
export const ALL_MESSAGES_SQL = `SELECT id, name, email, message, created_at AS createdAt, notified_at AS notifiedAt
  FROM messages ORDER BY created_at, id`;

export function createSqliteMessageStore(
  db: Db,
  dataDir: string,
  { notifyGraceMs = 0 }: { notifyGraceMs?: number } = {},
): MessageStore {
  const insert = db.prepare(
    `INSERT INTO messages (id, name, email, message, created_at, notify_by) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
  );
  const byId = db.prepare<[string], StoredMessage>("SELECT * FROM messages WHERE id = ?");
  const add = db.transaction(
    (message: StoreRequestBody, createdAt: string, notifyBy?: number): AddOutcome => {
      const id = message.id.toLowerCase();
      const row = [id, message.name, message.email, message.message, createdAt, notifyBy ?? null];
      if (insert.run(...row).changes === 1) return "added";
      const stored = byId.get(id);
      const same =
        stored?.name === message.name && stored.email === message.email && stored.message === message.message;
      return same ? "exists" : "conflict";
    },
  );
  const notified = db.prepare(
    "UPDATE messages SET notified_at = ?, notify_by = NULL WHERE id = ? AND notified_at IS NULL",
  );
  const awaiting = db.prepare<[number], StoredMessage>(
    `SELECT id, name, email, message, created_at AS createdAt, notified_at AS notifiedAt FROM messages
     WHERE notify_by <= ? AND notified_at IS NULL ORDER BY notify_by`,
  );
  const queued = db.prepare("UPDATE messages SET notify_by = NULL WHERE id = ?");
  const all = db.prepare<[], StoredMessage>(ALL_MESSAGES_SQL);
  const byEmail = db.prepare("DELETE FROM messages WHERE email = ? COLLATE NOCASE");
  const before = db.prepare("DELETE FROM messages WHERE created_at < ?");
  const finishedBefore = db.prepare("DELETE FROM mail_queue WHERE state != 'pending' AND created_at < ?");
  const addAll = db.transaction((list: readonly (StoreRequestBody & { createdAt: string })[]) =>
    list.reduce((added, message, index) => {
      const outcome = add(message, message.createdAt);
      if (outcome === "conflict") throw new ImportConflictError(index);
      return added + (outcome === "added" ? 1 : 0);
    }, 0),
  );
  let held = false;
  const noteHeld = <T>(result: T): T => {
    if (!held) markHeldMessages(dataDir);
    held = true;
    return result;
  };

  return {
    add: async (message) => {
      const outcome = guarded(() =>
        add.immediate(message, new Date().toISOString(), Date.now() + notifyGraceMs),
      );
      return outcome === "added" ? noteHeld(outcome) : outcome;
    },
    addAll: async (list) => noteHeld(guarded(() => addAll.immediate(list))),
    awaitingNotify: async (dueBy) => guarded(() => awaiting.all(Math.min(dueBy, Number.MAX_SAFE_INTEGER))),
    notifyQueued: async (id) => {
      guarded(() => queued.run(id.toLowerCase()));
    },
    markNotified: async (id, at) => {
      guarded(() => notified.run(at.toISOString(), id.toLowerCase()));
    },
    list: async () => guarded(() => all.all()),
    deleteByEmail: async (email) => guarded(() => byEmail.run(email.trim()).changes),
    purgeOlderThan: async (cutoff) =>
      guarded(() => {
        finishedBefore.run(cutoff.getTime());
        return before.run(cutoff.toISOString()).changes;
      }),
  };
}

interface JobRow {
  key: string;
  fingerprint: string;
  state: "pending" | "sent" | "failed";
  payload: string | null;
  attempts: number;
  created_at: number;
  next_attempt_at: number | null;
  digest: number;
  last_error: string | null;
}

const toJob = (row: JobRow): MailJob => ({
  key: row.key,
  payload: JSON.parse(row.payload ?? "{}") as NotifyRequestBody,
  createdAt: row.created_at,
  attempts: row.attempts,
  digest: row.digest === 1,
});

/**
 * The mail queue in one table (a sent row drops its payload). A DATA_DIR has one server process:
 * its store (`owner`) drops the leases a previous process left; the CLI's does not.
 */
export function createSqliteMailJobStore(
  db: Db,
  { owner = false, now = Date.now }: { owner?: boolean; now?: () => number } = {},
): MailJobStore {
  if (owner) guarded(() => db.prepare("UPDATE mail_queue SET holder = NULL, lease_until = NULL").run());
  const get = db.prepare<[string], JobRow>("SELECT * FROM mail_queue WHERE key = ?");
  const insert = db.prepare(
    `INSERT INTO mail_queue (key, fingerprint, state, payload, created_at, next_attempt_at)
     VALUES (?, ?, 'pending', ?, ?, ?)`,
  );
  const due = db.prepare<{ now: number; limit: number }, JobRow>(
    `SELECT * FROM mail_queue WHERE state = 'pending' AND next_attempt_at <= @now
       AND (lease_until IS NULL OR lease_until <= @now) ORDER BY next_attempt_at LIMIT @limit`,
  );
  const lease = db.prepare("UPDATE mail_queue SET holder = ?, lease_until = ? WHERE key = ?");
  const settle = db.prepare(
    `UPDATE mail_queue SET state = @state, next_attempt_at = @at, last_error = @error, digest = @digest,
       attempts = attempts + @failed, done_at = @doneAt, holder = NULL, lease_until = NULL,
       payload = CASE @state WHEN 'sent' THEN NULL ELSE payload END
     WHERE key = @key AND holder = @holder`,
  );
  /** The one value a query answers. */
  const value = (query: string, ...params: unknown[]) =>
    db
      .prepare(query)
      .pluck()
      .get(...params) as number;
  const takeDue = db.transaction((holder: string, leaseMs: number, limit: number) => {
    const rows = due.all({ now: now(), limit });
    for (const row of rows) lease.run(holder, now() + leaseMs, row.key);
    return rows.map(toJob);
  });
  const record = db.transaction((key: string, fingerprint: string, payload: NotifyRequestBody) => {
    const row = get.get(key);
    if (row !== undefined) return row.fingerprint === fingerprint ? "exists" : "conflict";
    insert.run(key, fingerprint, JSON.stringify(payload), now(), now());
    return "recorded";
  });

  return {
    record: async (key, fingerprint, payload) => guarded(() => record.immediate(key, fingerprint, payload)),
    takeDue: async (holder, leaseMs, limit) => guarded(() => takeDue.immediate(holder, leaseMs, limit)),
    settle: async (key, holder, settlement) => {
      guarded(() =>
        settle.run({
          key,
          holder,
          state: settlement.state,
          at: settlement.state === "pending" ? settlement.at : null,
          error: settlement.state === "sent" ? null : (settlement.error ?? null),
          digest: settlement.state === "pending" && settlement.digest ? 1 : 0,
          failed: settlement.state === "sent" || settlement.error === undefined ? 0 : 1,
          doneAt: settlement.state === "pending" ? null : now(),
        }),
      );
    },
    nextDueAt: async () =>
      guarded(() =>
        value("SELECT min(next_attempt_at) FROM mail_queue WHERE state = 'pending' AND holder IS NULL"),
      ) ?? undefined,
    counts: async () =>
      guarded(() => ({
        pending: value("SELECT count(*) FROM mail_queue WHERE state = 'pending'"),
        failed: value("SELECT count(*) FROM mail_queue WHERE state = 'failed'"),
        late: value(
          "SELECT count(*) FROM mail_queue WHERE state = 'pending' AND created_at < ?",
          now() - LATE_AFTER_MS,
        ),
      })),
    states: async (keys) =>
      guarded(() => {
        const rows = db
          .prepare<[string], JobRow>("SELECT * FROM mail_queue WHERE key IN (SELECT value FROM json_each(?))")
          .all(JSON.stringify(keys));
        return new Map(
          rows.map((row) => [
            row.key,
            {
              state: row.state,
              nextAttemptAt: row.next_attempt_at ?? undefined,
              lastError: row.last_error ?? undefined,
            },
          ]),
        );
      }),
    clampDue: async (maxWait) =>
      guarded(() =>
        db
          .transaction(() => {
            const at = now();
            db.prepare("UPDATE mail_queue SET created_at = ? WHERE state = 'pending' AND created_at > ?").run(
              at,
              at,
            );
            const later = db
              .prepare<[number], JobRow>(
                "SELECT * FROM mail_queue WHERE state = 'pending' AND next_attempt_at > ?",
              )
              .all(at);
            const move = db.prepare("UPDATE mail_queue SET next_attempt_at = ? WHERE key = ?");
            return later.filter((row) => {
              const latest = at + maxWait({ attempts: row.attempts, digest: row.digest === 1 });
              return (row.next_attempt_at ?? 0) > latest && move.run(latest, row.key).changes === 1;
            }).length;
          })
          .immediate(),
      ),
    // A failed job starts over: due now, its 3 days counted from now. A pending one is due now.
    retryFailed: async () =>
      guarded(
        () =>
          db
            .prepare(
              `UPDATE mail_queue SET next_attempt_at = @now, done_at = NULL,
                 created_at = iif(state = 'failed', @now, created_at), attempts = iif(state = 'failed', 0, attempts),
                 state = 'pending' WHERE state IN ('failed', 'pending')`,
            )
            .run({ now: now() }).changes,
      ),
    countAlert: async (start) =>
      guarded(() => {
        db.prepare("DELETE FROM alert_windows WHERE start < ?").run(start);
        return value(
          "INSERT INTO alert_windows VALUES (?, 1) ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count",
          start,
        );
      }),
    uncountAlert: async (start) => {
      guarded(() =>
        db.prepare("UPDATE alert_windows SET count = count - 1 WHERE start = ? AND count > 0").run(start),
      );
    },
    prune: async () => {
      guarded(() =>
        db
          .prepare("DELETE FROM mail_queue WHERE state = 'sent' AND done_at <= ?")
          .run(now() - IDEMPOTENCY_TTL_MS),
      );
    },
    close: async () => {},
  };
}
