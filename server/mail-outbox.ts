/**
 * One mail per message, across retries and crashes (a transactional outbox):
 *
 * 1. The notify request records the mail job together with its idempotency record, before
 *    anything is sent (`MailJobStore.claim`).
 * 2. The holder of the job's lease sends it; once SMTP accepts, the job is marked sent and its
 *    answer is remembered. A failed send releases the job, so a retry sends it again.
 * 3. A retry of a job in flight waits for it (or answers from its outcome); it never starts a
 *    second send, including when the SMTP server accepts late.
 * 4. A job left pending by a crash is resumed on start (and by a periodic sweep).
 *
 * A crash after the SMTP server accepted but before the job was marked sent resends it on
 * restart: the resend has the same Message-ID (mailboxes drop the copy), and without SMTP it
 * replaces the same .eml file.
 */
import { createHash, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { NotifyRequestBody } from "../src/shared/contact/protocol";
import type { Mailer } from "./mailer";
import type { Answer, MailJob, MailJobStore, MessageStore } from "./stores";

export const SENT_MESSAGE = "Thanks for your message! I'll get back to you soon.";
export const MAIL_FAILED_MESSAGE =
  "Sorry, your message could not be delivered right now. Please try again in a few minutes.";
export const STILL_SENDING_MESSAGE =
  "Your message is still being delivered. Please try again in a moment; it will not be sent twice.";

export const KEY_REUSED: Answer = {
  status: 422,
  body: { success: false, error: "This Idempotency-Key was already used for a different message." },
};
export const SENT: Answer = { status: 200, body: { success: true, msg: SENT_MESSAGE } };
export const MAIL_FAILED: Answer = { status: 502, body: { success: false, error: MAIL_FAILED_MESSAGE } };
/** The job is recorded and being sent, but not answered in time: the client retries with its key. */
export const STILL_SENDING: Answer = { status: 503, body: { success: false, error: STILL_SENDING_MESSAGE } };

/** Seconds a client should wait before asking again about a job still being sent. */
export const STILL_SENDING_RETRY_AFTER_S = 5;

/** A stable digest of a request body, for telling a genuine retry from a reused key. */
export function fingerprintOf(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MailOutboxOptions {
  jobs: MailJobStore;
  mailer: Mailer;
  /** Marks the stored message (Idempotency-Key = message id) as notified. */
  messages?: MessageStore | undefined;
  autoReply: boolean;
  log: FastifyBaseLogger;
  /** How long a request waits for its send before answering STILL_SENDING (the app waits 15 s). */
  answerWithinMs?: number;
  /** How long a holder may send a job before others treat it as abandoned. */
  leaseMs?: number;
  /** How often abandoned jobs are looked for and old answers pruned. */
  sweepEveryMs?: number;
}

export interface MailOutbox {
  /** Sends the owner's alert for this key at most once at a time; repeats the first answer. */
  notify(key: string | undefined, message: NotifyRequestBody): Promise<Answer>;
  /** Resumes every abandoned job; resolves once they have been tried. */
  resumeAbandoned(): Promise<number>;
  /** Stops the sweep and waits for the sends in flight. */
  close(): Promise<void>;
}

function delay(ms: number): { promise: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export function createMailOutbox({
  jobs,
  mailer,
  messages,
  autoReply,
  log,
  answerWithinMs = 10_000,
  leaseMs = 120_000,
  sweepEveryMs = 60_000,
}: MailOutboxOptions): MailOutbox {
  const holder = randomUUID();
  const inFlight = new Map<string, { fingerprint: string; done: Promise<Answer> }>();

  async function send(job: MailJob): Promise<Answer> {
    const ref = { key: job.key, createdAt: job.createdAt };
    try {
      await mailer.sendNotification(job.payload, ref);
    } catch (error) {
      log.error({ err: error, attempt: job.attempts }, "could not send the notification mail");
      await jobs.release(job.key, holder).catch((failure: unknown) => {
        log.error({ err: failure }, "could not release a failed mail job");
      });
      return MAIL_FAILED;
    }
    // The mail is out: a failed write must not turn the answer into an error.
    await jobs.complete(job.key, holder, SENT).catch((error: unknown) => {
      log.error({ err: error }, "the mail went out but could not be marked sent");
    });
    if (messages !== undefined && UUID.test(job.key)) {
      await messages.markNotified(job.key, new Date()).catch((error: unknown) => {
        log.warn({ err: error }, "could not mark the stored message as notified");
      });
    }
    if (autoReply) {
      // The owner has the message: a failed thank-you is logged, not reported to the visitor. The
      // error names the refused address, so only its codes are logged.
      await mailer.sendAutoReply(job.payload, ref).catch((error: unknown) => {
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        log.warn({ code, responseCode }, "could not send the auto-reply");
      });
    }
    return SENT;
  }

  function start(job: MailJob): Promise<Answer> {
    const done = send(job).finally(() => inFlight.delete(job.key));
    inFlight.set(job.key, { fingerprint: job.fingerprint, done });
    return done;
  }

  async function within(answer: Promise<Answer>, ms: number): Promise<Answer> {
    const timer = delay(ms);
    try {
      return await Promise.race([answer, timer.promise.then(() => STILL_SENDING)]);
    } finally {
      timer.cancel();
    }
  }

  async function notify(givenKey: string | undefined, message: NotifyRequestBody): Promise<Answer> {
    const key = givenKey ?? `no-key:${randomUUID()}`;
    const fingerprint = fingerprintOf(message);
    const deadline = Date.now() + answerWithinMs;
    for (;;) {
      const local = inFlight.get(key);
      if (local !== undefined) {
        return local.fingerprint === fingerprint
          ? within(local.done, Math.max(0, deadline - Date.now()))
          : KEY_REUSED;
      }
      const claim = await jobs.claim(key, fingerprint, message, holder, leaseMs);
      if (claim.kind === "conflict") return KEY_REUSED;
      if (claim.kind === "done") return claim.answer;
      if (claim.kind === "claimed") return within(start(claim.job), Math.max(0, deadline - Date.now()));
      // Another holder (another instance) is sending it: wait for its outcome.
      const outcome = await jobs.outcome(key);
      if (outcome.state === "done") return outcome.answer;
      if (Date.now() >= deadline) return STILL_SENDING;
      if (outcome.state === "pending") await delay(Math.min(250, deadline - Date.now())).promise;
    }
  }

  async function resumeAbandoned(): Promise<number> {
    const abandoned = await jobs.claimAbandoned(holder, leaseMs);
    if (abandoned.length > 0) log.info({ jobs: abandoned.length }, "resuming mail jobs left pending");
    await Promise.all(abandoned.filter((job) => !inFlight.has(job.key)).map((job) => start(job)));
    return abandoned.length;
  }

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = Promise.all([resumeAbandoned(), jobs.prune()]).catch((error: unknown) =>
      log.error({ err: error }, "the mail-job sweep failed"),
    );
  }, sweepEveryMs);
  sweep.unref();

  return {
    notify,
    resumeAbandoned,
    async close() {
      clearInterval(sweep);
      await sweeping;
      await Promise.allSettled([...inFlight.values()].map((entry) => entry.done));
    },
  };
}
