/**
 * Idempotency-Key handling for the notify endpoint: the first successful answer for a key is
 * remembered for 24 h (in memory and in `DATA_DIR/idempotency.jsonl`, so a restart does not
 * resend), and concurrent requests with one key share a single run.
 *
 * Only successes are remembered: a failed send (502) must stay retryable with the same key,
 * which is exactly what the app's outbox does.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { ServerAnswer } from "../src/shared/contact/protocol";
import { openJsonl, readJsonl, rewriteJsonl } from "./jsonl-file";

export interface Answer {
  status: number;
  body: ServerAnswer;
}

interface Entry {
  key: string;
  /** SHA-256 of the request body the key was first used with (no message text on disk). */
  fingerprint: string;
  status: number;
  body: ServerAnswer;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface IdempotencyStore {
  /**
   * Runs `produce` for a new key. A key seen within the TTL (or still running) gets the first
   * answer instead; a key reused with a different body gets a 422.
   */
  run(key: string, fingerprint: string, produce: () => Promise<Answer>): Promise<Answer>;
  close(): Promise<void>;
}

export const IDEMPOTENCY_FILE = "idempotency.jsonl";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export const KEY_REUSED: Answer = {
  status: 422,
  body: { success: false, error: "This Idempotency-Key was already used for a different message." },
};

/** A stable digest of a request body, for telling a genuine retry from a reused key. */
export function fingerprintOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

function isEntry(value: unknown): value is Entry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.key === "string" &&
    typeof entry.fingerprint === "string" &&
    typeof entry.status === "number" &&
    typeof entry.body === "object" &&
    entry.body !== null &&
    typeof entry.expiresAt === "number"
  );
}

export async function openIdempotencyStore(
  dataDir: string,
  {
    ttlMs = IDEMPOTENCY_TTL_MS,
    now = Date.now,
    warn = () => {},
  }: { ttlMs?: number; now?: () => number; warn?: (message: string, error: unknown) => void } = {},
): Promise<IdempotencyStore> {
  const path = join(dataDir, IDEMPOTENCY_FILE);
  const done = new Map<string, Entry>();
  const running = new Map<string, { fingerprint: string; answer: Promise<Answer> }>();

  // Load the unexpired entries and compact the file to them.
  const { records } = await readJsonl(path);
  for (const record of records) {
    if (isEntry(record) && record.expiresAt > now()) done.set(record.key, record);
  }
  await rewriteJsonl(path, [...done.values()]);
  const file = await openJsonl(path);
  let lastPrune = now();

  function prune(): void {
    const time = now();
    if (time - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = time;
    for (const [key, entry] of done) if (entry.expiresAt <= time) done.delete(key);
  }

  async function first(key: string, fingerprint: string, produce: () => Promise<Answer>): Promise<Answer> {
    const answer = await produce();
    if (answer.status >= 200 && answer.status <= 299) {
      const entry: Entry = { key, fingerprint, ...answer, expiresAt: now() + ttlMs };
      done.set(key, entry);
      // The mail is out: a failed write must not turn the answer into an error.
      await file.append(entry).catch((error: unknown) => warn(`Could not persist to ${path}`, error));
    }
    return answer;
  }

  return {
    async run(key, fingerprint, produce) {
      prune();
      const known = done.get(key);
      if (known !== undefined && known.expiresAt > now()) {
        return known.fingerprint === fingerprint ? { status: known.status, body: known.body } : KEY_REUSED;
      }
      const inFlight = running.get(key);
      if (inFlight !== undefined) {
        return inFlight.fingerprint === fingerprint ? inFlight.answer : KEY_REUSED;
      }
      const answer = first(key, fingerprint, produce);
      running.set(key, { fingerprint, answer });
      try {
        return await answer;
      } finally {
        running.delete(key);
      }
    },
    close: () => file.close(),
  };
}
