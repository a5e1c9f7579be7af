/**
 * Runs notify requests as mail jobs through a MailJobStore shared by every instance: one holder
 * sends each key, a retry waits for its outcome, and jobs left by a crashed instance are resumed.
 */
import { randomUUID } from "node:crypto";
import type { NotifyRequestBody } from "../src/shared/contact/protocol";
import { KEY_REUSED } from "./idempotency-store";
import { SharedStateUnavailableError } from "./shared-state";
import type { Answer, MailJob, MailJobStore } from "./stores";

/** Default lease: longer than the mailer's worst case between two renewals. */
export const MAIL_LEASE_MS = 15_000;
/** How long a retry waits for the instance that is sending its mail before answering 503. */
const WAIT_FOR_OUTCOME_MS = 10_000;
const POLL_MS = 100;

export const STILL_SENDING_MESSAGE = "This message is still being sent. Please try again in a few seconds.";

export interface MailJobsLog {
  info(message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export interface MailJobRunner {
  run(key: string, fingerprint: string, payload: NotifyRequestBody): Promise<Answer>;
  close(): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = (answer: Answer) => answer.status >= 200 && answer.status <= 299;

export function createMailJobRunner(
  store: MailJobStore,
  deliver: (payload: NotifyRequestBody) => Promise<Answer>,
  { leaseMs = MAIL_LEASE_MS, log }: { leaseMs?: number; log: MailJobsLog },
): MailJobRunner {
  const holder = randomUUID();

  async function send(job: MailJob): Promise<Answer> {
    const answer = await deliver(job.payload);
    if (ok(answer)) await store.complete(job.key, holder, answer);
    else await store.release(job.key, holder);
    return answer;
  }

  async function run(key: string, fingerprint: string, payload: NotifyRequestBody): Promise<Answer> {
    const deadline = Date.now() + WAIT_FOR_OUTCOME_MS;
    for (;;) {
      const claim = await store.claim(key, fingerprint, payload, holder, leaseMs);
      if (claim.kind === "claimed") return send(claim.job);
      if (claim.kind === "done") return claim.answer;
      if (claim.kind === "conflict") return KEY_REUSED;
      if (Date.now() >= deadline) throw new SharedStateUnavailableError(undefined, STILL_SENDING_MESSAGE);
      await delay(POLL_MS);
    }
  }

  let sweeping: Promise<void> | undefined;
  async function resumeAbandoned(): Promise<void> {
    for (const job of await store.claimAbandoned(holder, leaseMs)) {
      log.info("Resuming a mail job left by a stopped instance.");
      await send(job);
    }
  }
  const timer = setInterval(
    () => {
      sweeping ??= resumeAbandoned()
        .catch((error: unknown) => log.warn({ err: error }, "Could not resume abandoned mail jobs."))
        .finally(() => {
          sweeping = undefined;
        });
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  timer.unref();

  return {
    run,
    async close() {
      clearInterval(timer);
      await sweeping;
    },
  };
}
