/**
 * The mail queue: the owner gets one alert per message, whatever fails on the way. A notify request
 * is answered once its job is recorded (one that cannot be recorded is refused: 503, Retry-After);
 * due jobs go out in the background, every attempt with the same Message-ID. When a job is retried,
 * fails for good or waits for ALERT_LIMIT's digest: docs/architecture.md and docs/decisions.md.
 */
import { createHash, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { ui } from "../../src/content/interface";
import { fieldsOf } from "../../src/shared/contact/failure";
import type { NotifyRequestBody, ServerAnswer } from "../../src/shared/contact/protocol";
import { oneLine } from "../../src/shared/one-line";
import type { Config } from "../config";
import { DAY_MS } from "../store/retention";
import type { MailJob, MailJobStore, MessageStore, Settlement } from "../store/stores";
import type { Mailer } from "./mailer";

/** What the visitor reads once the message is in (the page's dialog, the no-JS page). */
export const SENT_MESSAGE = ui.contact.sent;

/** An HTTP answer: status and body. */
export interface Answer {
  status: number;
  body: ServerAnswer;
}

export const SENT: Answer = { status: 200, body: { success: true, msg: SENT_MESSAGE } };
export const KEY_REUSED: Answer = {
  status: 422,
  body: { success: false, error: "This Idempotency-Key was already used for a different message." },
};

/** The longest wait between two attempts, and how long a job may stay unsent before it fails. */
export const MAX_RETRY_DELAY_MS = 6 * 3_600_000;
export const GIVE_UP_AFTER_MS = 3 * DAY_MS;
/** A wall clock behind the monotonic clock by more than this since the last pass stepped back. */
const CLOCK_STEP_MS = 1_000;
/** Jobs taken at once. */
const BATCH = 20;
/**
 * The most messages one digest lists: a mail server refuses a mail past its size limit for good
 * (552), which would fail every job in it. Past this, a window's digest goes out in several mails.
 */
const DIGEST_MAX = 1_000;

/** The wait before attempt `failures + 1`: `baseMs`, doubling, up to 6 hours, plus up to 25 % jitter. */
export function retryDelay(failures: number, baseMs: number, random = Math.random()): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** (failures - 1) * (1 + random / 4));
}

/** A failure that trying again cannot fix: the mail server refused for good (5xx), or the envelope. */
function isPermanent(error: unknown): boolean {
  const { responseCode, code } = fieldsOf(error);
  return (typeof responseCode === "number" && responseCode >= 500) || code === "EENVELOPE";
}

function reasonOf(error: unknown): string {
  const { responseCode, response } = fieldsOf(error);
  const text =
    typeof response === "string" ? response : error instanceof Error ? error.message : String(error);
  const coded = typeof responseCode === "number" && !text.startsWith(String(responseCode));
  return oneLine(coded ? `${responseCode} ${text}` : text, 300);
}

/** A stable digest of a request body, for telling a genuine retry from a reused key. */
export function fingerprintOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

export interface MailQueueOptions {
  jobs: MailJobStore;
  mailer: Mailer;
  /** Marks the stored message (Idempotency-Key = message id) as notified. */
  messages?: MessageStore | undefined;
  autoReply: boolean;
  log: FastifyBaseLogger;
  retryMs: number;
  alertLimit: { max: number; windowMs: number };
  /** How long a taken job is this process's alone. */
  leaseMs: number;
  /** The longest pause between two looks for due jobs (another instance's, or retried by the CLI). */
  sweepEveryMs: number;
}

/**
 * The queue's settings from the server's configuration, for the server and the CLI alike. Redis
 * leases are renewed while a send runs, so they can be short: a crashed instance's job is taken
 * over within seconds. Alone on its DATA_DIR, a process holds its jobs while it runs.
 */
export function queueSettings(config: Config, redis: boolean) {
  const { autoReply, mailRetryMs: retryMs, alertLimit, mailLeaseMs } = config;
  return { autoReply, retryMs, alertLimit, leaseMs: redis ? mailLeaseMs : DAY_MS };
}

export type MailQueue = ReturnType<typeof createMailQueue>;

export function createMailQueue(options: MailQueueOptions) {
  const { jobs, mailer, messages, log, retryMs, alertLimit } = options;
  const holder = randomUUID();
  /** Outcomes that could not be recorded yet (the mail is out): recorded first on the next pass. */
  const unsettled = new Map<string, Settlement>();
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  async function settle(key: string, settlement: Settlement): Promise<void> {
    try {
      await jobs.settle(key, holder, settlement);
      unsettled.delete(key);
    } catch (error) {
      log.error({ err: error }, "could not record a mail job's outcome; trying again on the next pass");
      unsettled.set(key, settlement);
    }
  }

  /** One attempt for one alert, or for the digest of several jobs; resolves to how it ended. */
  async function attempt(batch: MailJob[], send: () => Promise<unknown>): Promise<Settlement["state"]> {
    let settlement: Settlement = { state: "sent" };
    try {
      await send();
    } catch (error) {
      const failures = Math.max(...batch.map((job) => job.attempts)) + 1;
      const reason = reasonOf(error);
      log.error({ err: error, attempt: failures }, "could not send a mail; it stays in the queue");
      const oldest = Math.min(...batch.map((job) => job.createdAt));
      settlement = isPermanent(error)
        ? { state: "failed", error: reason }
        : Date.now() - oldest >= GIVE_UP_AFTER_MS
          ? { state: "failed", error: `not sent within ${GIVE_UP_AFTER_MS / DAY_MS} days: ${reason}` }
          : { state: "pending", at: Date.now() + retryDelay(failures, retryMs), error: reason };
    }
    for (const job of batch) {
      await settle(
        job.key,
        settlement.state === "pending" ? { ...settlement, digest: job.digest } : settlement,
      );
      if (settlement.state !== "sent") continue;
      await messages?.markNotified(job.key, new Date()).catch(() => undefined);
      if (options.autoReply) {
        // The error names the refused address, so only its codes are logged.
        await mailer.sendAutoReply(job.payload, job).catch((error: unknown) => {
          const { code, responseCode } = fieldsOf(error);
          log.warn({ code, responseCode }, "could not send the auto-reply");
        });
      }
    }
    return settlement.state;
  }

  async function sendAlert(job: MailJob): Promise<void> {
    const start = Math.floor(Date.now() / alertLimit.windowMs) * alertLimit.windowMs;
    if ((await jobs.countAlert(start, alertLimit.windowMs)) > alertLimit.max) {
      await settle(job.key, { state: "pending", at: start + alertLimit.windowMs, digest: true });
      return;
    }
    const outcome = await attempt([job], () => mailer.sendNotification(job.payload, job));
    // ALERT_LIMIT counts the mails the owner gets: a failed attempt gives its place back.
    if (outcome !== "sent") {
      await jobs.uncountAlert(start).catch((error: unknown) => {
        log.error({ err: error }, "could not give back a failed alert's ALERT_LIMIT count");
      });
    }
  }

  async function sendDigest(digest: MailJob[]): Promise<void> {
    await attempt(digest, () => mailer.sendDigest(digest));
  }

  /** The longest a pending job may wait from now: its backoff (jitter included), or a digest's window. */
  const maxWaitOf = ({ attempts, digest }: Pick<MailJob, "attempts" | "digest">) =>
    Math.max(digest ? alertLimit.windowMs : 0, attempts === 0 ? 0 : retryDelay(attempts, retryMs, 1));
  /** Both clocks at the last pass (none yet: the start, after which the wall clock may have gone back). */
  let clocks: { wall: number; steady: number } | undefined;

  /** Due times come from the wall clock: true at the start, and when it went back since the last look. */
  function clockStepped(): boolean {
    const now = { wall: Date.now(), steady: performance.now() };
    const last = clocks;
    clocks = now;
    return last === undefined || now.wall - last.wall < now.steady - last.steady - CLOCK_STEP_MS;
  }

  /** After a step back, no pending job may be due further away than its wait. */
  async function clampDue(): Promise<void> {
    const moved = await jobs.clampDue(maxWaitOf).catch((error: unknown) => {
      clocks = undefined;
      throw error;
    });
    if (moved > 0)
      log.warn(
        `${moved} pending mail(s) were due later than their wait allows (the clock went back): due sooner now`,
      );
  }

  /**
   * A message stored without its notify step past the grace period (the page closed between the
   * two) gets its alert, once: its job's key is the message id, the Idempotency-Key the page sends.
   */
  async function queueUnnotified(store: MessageStore): Promise<void> {
    for (const { id, name, email, message } of await store.awaitingNotify(Date.now())) {
      const body: NotifyRequestBody = { name, email, message };
      if ((await jobs.record(id, fingerprintOf(body), body)) === "recorded")
        log.warn(
          "A stored message's page never asked for its alert (it may have closed): the alert is queued now.",
        );
      await store.notifyQueued(id);
    }
  }

  /** Sends every due alert, and the due digest jobs together (one mail, not one per batch). */
  async function pass(): Promise<void> {
    if (clockStepped()) await clampDue();
    if (messages !== undefined) await queueUnnotified(messages);
    const digest: MailJob[] = [];
    for (;;) {
      for (const [key, settlement] of [...unsettled]) await settle(key, settlement);
      const due = (await jobs.takeDue(holder, options.leaseMs, BATCH)).filter(
        (job) => !unsettled.has(job.key),
      );
      if (due.length === 0) break;
      digest.push(...due.filter((job) => job.digest));
      if (digest.length >= DIGEST_MAX) await sendDigest(digest.splice(0, DIGEST_MAX));
      await Promise.all(due.filter((job) => !job.digest).map(sendAlert));
    }
    if (digest.length > 0) await sendDigest(digest);
  }

  async function schedule(): Promise<void> {
    const next = await jobs.nextDueAt().catch(() => undefined);
    const wait = Math.min(options.sweepEveryMs, Math.max(0, (next ?? Number.POSITIVE_INFINITY) - Date.now()));
    clearTimeout(timer);
    if (!closed) timer = setTimeout(() => void run(), wait);
  }

  /** Sends what is due now; resolves once tried. */
  function run(): Promise<void> {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, "the mail queue could not send"))
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void run();
        } else void schedule();
      });
    return running;
  }

  return {
    /** Records the owner's alert for this key (once) and answers; the mail goes out in the background. */
    async queueAlert(key: string | undefined, message: NotifyRequestBody): Promise<Answer> {
      const outcome = await jobs.record(key ?? `no-key:${randomUUID()}`, fingerprintOf(message), message);
      if (outcome === "conflict") return KEY_REUSED;
      if (outcome === "recorded") void run();
      return SENT;
    },
    run,
    /** Stops looking for jobs and waits for the sends under way. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
