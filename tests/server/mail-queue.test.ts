/**
 * The mail queue against a real SMTP server that fails on demand (4xx, 5xx, a refused or a
 * dropped connection) and comes back on the same port: a failed send keeps its job, is retried
 * with the same Message-ID, across a restart; a 5xx fails it for good until `retry`; past
 * ALERT_LIMIT the owner gets one digest. Real SQLite, real HTTP on loopback.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { createMailQueue, GIVE_UP_AFTER_MS, retryDelay } from "../../server/mail/mail-queue";
import { createMailer } from "../../server/mail/mailer";
import { openDatabase } from "../../server/store/database";
import { purgeOlderThan } from "../../server/store/retention";
import { createSqliteMailJobStore, createSqliteMessageStore } from "../../server/store/sqlite-stores";
import { messagesCli, startChildServer } from "./child-server";
import {
  MESSAGES_PATH,
  mailJobs,
  NOTIFY_PATH,
  OWNER_EMAIL,
  parseMail,
  post,
  postForm,
  serverPool,
  tempDir,
  useSmtp,
  validMessage,
} from "./helpers";

const smtp = useSmtp();
const { serve, stop } = serverPool(() => ({ SMTP_URL: smtp.url, MAIL_RETRY_MS: "200" }));
const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

async function messageIds(): Promise<(string | undefined)[]> {
  return Promise.all(smtp.arrivals.map(async (mail) => (await parseMail(mail.raw)).messageId));
}

describe("the queue itself", () => {
  async function queueOn(
    dataDir: string,
    now = Date.now,
    alertLimit = { max: 100, windowMs: 3_600_000 },
    ownerEmail = OWNER_EMAIL,
  ) {
    const { db } = openDatabase(dataDir);
    const jobs = createSqliteMailJobStore(db, { owner: true, now });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      dataDir,
      ownerEmail,
      mailFrom: { name: "", address: "no-reply@example.com" },
    });
    const queue = createMailQueue({
      jobs,
      mailer,
      autoReply: false,
      log: silent,
      retryMs: 60_000,
      alertLimit,
      leaseMs: 60_000,
      sweepEveryMs: 60_000,
    });
    const close = async () => {
      await queue.close();
      mailer.close();
      db.close();
    };
    return { queue, jobs, db, close };
  }

  test("a failed send keeps its job, due again after MAIL_RETRY_MS; the next attempt sends it", async () => {
    const dataDir = await tempDir();
    let clock = Date.now();
    const { queue, close } = await queueOn(dataDir, () => clock);
    try {
      smtp.answer = 451;
      const before = Date.now();
      expect(await queue.queueAlert("job-1", validMessage)).toMatchObject({ status: 200 });
      await queue.run();
      expect(smtp.arrivals).toHaveLength(1);
      const [job] = mailJobs(dataDir);
      expect(job).toMatchObject({ key: "job-1", state: "pending", attempts: 1 });
      expect(JSON.parse(job?.payload ?? "null")).toEqual(validMessage);
      expect(job?.last_error).toMatch(/^451 /);
      expect(job?.next_attempt_at).toBeGreaterThanOrEqual(before + 60_000);

      smtp.answer = "accept";
      await queue.run(); // not due yet: nothing is sent
      expect(smtp.arrivals).toHaveLength(1);

      clock = job?.next_attempt_at ?? Number.NaN;
      await queue.run(); // due: the next attempt sends it, with the same Message-ID
      expect(smtp.mails).toHaveLength(1);
      expect(new Set(await messageIds()).size).toBe(1);
      // Sent: the job keeps its key (for retries of the request) but no copy of the message.
      expect(mailJobs(dataDir)).toMatchObject([{ key: "job-1", state: "sent", attempts: 1, payload: null }]);
    } finally {
      await close();
    }
  });

  test("a digest whose send fails stays a digest, due again with its attempt counted", async () => {
    const dataDir = await tempDir();
    // Windows are aligned to the clock: start early in one, so that on a loaded machine it has not
    // ended (and the digest gone out) before the first check.
    const windowMs = 1_000;
    await expect.poll(() => Date.now() % windowMs, { timeout: windowMs + 1_000 }).toBeLessThan(200);
    const { queue, close } = await queueOn(dataDir, Date.now, { max: 0, windowMs });
    try {
      smtp.answer = 451;
      await queue.queueAlert("over-the-limit", validMessage);
      await queue.run(); // past the limit: waits for its window's end, nothing sent yet
      expect(smtp.arrivals).toHaveLength(0);
      expect(mailJobs(dataDir)).toMatchObject([{ state: "pending", digest: 1, attempts: 0 }]);
      await expect
        .poll(
          async () => {
            await queue.run();
            return smtp.arrivals.length;
          },
          { timeout: windowMs + 5_000 },
        )
        .toBe(1);
      expect((await parseMail(smtp.arrivals[0]?.raw ?? "")).subject).toBe("1 more portfolio message");
      expect(mailJobs(dataDir)).toMatchObject([{ state: "pending", digest: 1, attempts: 1 }]);
    } finally {
      await close();
    }
  });

  test("past the limit, one digest mail when the window ends lists every message, however many", async () => {
    const dataDir = await tempDir();
    // Windows are aligned to the clock: start early in one, so that on a loaded machine the 45
    // messages are all queued before it ends.
    const windowMs = 4_000;
    await expect.poll(() => Date.now() % windowMs, { timeout: windowMs + 1_000 }).toBeLessThan(500);
    const { queue, close } = await queueOn(dataDir, Date.now, { max: 0, windowMs });
    try {
      const senders = Array.from({ length: 45 }, (_, index) => ({
        ...validMessage,
        name: `Sender ${index}`,
        email: `sender${index}@example.com`,
      }));
      for (const [index, sender] of senders.entries()) await queue.queueAlert(`flood-${index}`, sender);
      await queue.run(); // each waits for its window's end
      expect(smtp.arrivals).toHaveLength(0);
      const due = Math.max(...mailJobs(dataDir).map((job) => job.next_attempt_at ?? 0));
      // Once every one of them is due, a single pass sends them.
      await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(due);
      await queue.run();
      expect(mailJobs(dataDir).map((job) => job.state)).toEqual(senders.map(() => "sent"));
      expect(smtp.arrivals).toHaveLength(1);
      const digest = await parseMail(smtp.arrivals[0]?.raw ?? "");
      expect(digest.subject).toBe("45 more portfolio messages");
      for (const sender of senders) expect(digest.text).toContain(`${sender.name} <${sender.email}>`);
    } finally {
      await close();
    }
  });

  test("a failed alert does not use the window's ALERT_LIMIT: the next message still gets its own alert", async () => {
    const dataDir = await tempDir();
    const { queue, close } = await queueOn(dataDir, Date.now, { max: 1, windowMs: 86_400_000 });
    try {
      smtp.answer = 451;
      await queue.queueAlert("turned-away", validMessage);
      await queue.run();
      smtp.answer = "accept";
      await queue.queueAlert("next", { ...validMessage, name: "Bea" });
      await queue.run();
      expect(mailJobs(dataDir)).toMatchObject([
        { key: "turned-away", state: "pending", digest: 0, attempts: 1 },
        { key: "next", state: "sent", digest: 0 },
      ]);
      expect((await parseMail(smtp.mails[0]?.raw ?? "")).subject).toBe("New portfolio message from Bea");
    } finally {
      await close();
    }
  });

  test("a retried job starts over: its next temporary failure waits MAIL_RETRY_MS, not longer", async () => {
    const dataDir = await tempDir();
    const { queue, jobs, close } = await queueOn(dataDir);
    try {
      smtp.answer = 500; // the lowest permanent failure
      await queue.queueAlert("retried", validMessage);
      await queue.run();
      expect(mailJobs(dataDir)).toMatchObject([{ state: "failed", attempts: 1 }]);
      expect(await jobs.retryFailed()).toBe(1);
      smtp.answer = 451;
      const before = Date.now();
      await queue.run();
      const [job] = mailJobs(dataDir);
      expect(job).toMatchObject({ state: "pending", attempts: 1 });
      expect(job?.next_attempt_at).toBeLessThanOrEqual(Date.now() + 75_000);
      expect(job?.next_attempt_at).toBeGreaterThanOrEqual(before + 60_000);
    } finally {
      await close();
    }
  });

  test("ALERT_LIMIT's count is reached, not missed by one: with 1 per window, the first alert goes out, the next waits", async () => {
    const dataDir = await tempDir();
    const { queue, close } = await queueOn(dataDir, Date.now, { max: 1, windowMs: 3_600_000 });
    try {
      await queue.queueAlert("first", validMessage);
      await queue.run();
      await queue.queueAlert("second", { ...validMessage, name: "Second Sender" });
      await queue.run();
      expect(smtp.mails).toHaveLength(1);
      expect((await parseMail(smtp.mails[0]?.raw ?? "")).subject).toBe(
        `New portfolio message from ${validMessage.name}`,
      );
      expect(mailJobs(dataDir)).toMatchObject([
        { key: "first", state: "sent", digest: 0 },
        { key: "second", state: "pending", digest: 1 },
      ]);
    } finally {
      await close();
    }
  });

  test("retention deletes the finished mail jobs older than its cutoff (they hold the text) and keeps pending ones", async () => {
    const dataDir = await tempDir();
    const old = Date.now() - 40 * 86_400_000;
    let clock = old;
    const { queue, jobs, db, close } = await queueOn(dataDir, () => clock);
    try {
      smtp.answer = 550;
      await queue.queueAlert("old-failed", validMessage);
      await queue.run();
      clock = Date.now();
      await queue.queueAlert("new-failed", validMessage);
      await queue.run();
      clock = old;
      await jobs.record("old-pending", "fingerprint", validMessage); // not tried yet
      clock = Date.now();
      expect(mailJobs(dataDir).map((job) => `${job.key} ${job.state}`)).toEqual([
        "old-failed failed",
        "old-pending pending",
        "new-failed failed",
      ]);

      await purgeOlderThan(createSqliteMessageStore(db, dataDir), dataDir, 30);
      expect(mailJobs(dataDir).map((job) => job.key)).toEqual(["old-pending", "new-failed"]);
    } finally {
      await close();
    }
  });

  test("a job pending for more than an hour since it was recorded counts as late for /healthz", async () => {
    const dataDir = await tempDir();
    let clock = Date.now();
    const { jobs, close } = await queueOn(dataDir, () => clock);
    try {
      await jobs.record("slow", "fingerprint", validMessage);
      clock += 59 * 60_000;
      expect(await jobs.counts()).toEqual({ pending: 1, failed: 0, late: 0 });
      // An attempt just failed: due again soon, but the job has waited since it was recorded.
      expect(await jobs.takeDue("holder", 60_000, 10)).toHaveLength(1);
      await jobs.settle("slow", "holder", {
        state: "pending",
        at: clock + 60_000,
        error: "451 Try again later",
      });
      clock += 2 * 60_000;
      expect(await jobs.counts()).toEqual({ pending: 1, failed: 0, late: 1 });
    } finally {
      await close();
    }
  });

  test("after the clock went back a day, a pending job is due within its wait and counts as late an hour on", async () => {
    const dataDir = await tempDir();
    let clock = Date.now();
    const { jobs, queue, close } = await queueOn(dataDir, () => clock);
    try {
      await jobs.record("stepped", "fingerprint", validMessage);
      await jobs.takeDue("here", 60_000, 1);
      await jobs.settle("stepped", "here", { state: "pending", at: clock + 60_000, error: "451" });
      clock -= 86_400_000;
      await queue.run();
      const [job] = mailJobs(dataDir);
      expect(job?.next_attempt_at).toBeLessThanOrEqual(clock + retryDelay(1, 60_000, 1));
      clock += 61 * 60_000;
      expect(await jobs.counts()).toEqual({ pending: 1, failed: 0, late: 1 });
    } finally {
      await close();
    }
  });

  test("the wait doubles from MAIL_RETRY_MS, with at most a quarter of jitter, up to 6 hours", () => {
    expect([1, 2, 3].map((failures) => retryDelay(failures, 60_000, 0))).toEqual([60_000, 120_000, 240_000]);
    expect(retryDelay(1, 60_000, 1)).toBe(75_000);
    expect(retryDelay(20, 60_000, 0.5)).toBe(6 * 3_600_000);
  });

  test("a job still unsent after 3 days fails for good, with the reason, and is kept", async () => {
    const dataDir = await tempDir();
    let clock = Date.now() - GIVE_UP_AFTER_MS;
    const { queue, close } = await queueOn(dataDir, () => clock);
    try {
      smtp.answer = 421;
      await queue.queueAlert("old-job", validMessage); // recorded 3 days ago
      clock = Date.now();
      await queue.run();
      expect(mailJobs(dataDir)).toMatchObject([{ key: "old-job", state: "failed" }]);
      expect(mailJobs(dataDir)[0]?.last_error).toMatch(/^not sent within 3 days: 421 /);
    } finally {
      await close();
    }
  });

  test("a mail whose envelope nodemailer refuses (EENVELOPE, no SMTP code) fails for good at once", async () => {
    const dataDir = await tempDir();
    // An envelope no waiting can fix: nodemailer refuses it before any SMTP command.
    const { queue, close } = await queueOn(dataDir, Date.now, undefined, "");
    try {
      await queue.queueAlert("bad-envelope", validMessage);
      await queue.run();
      expect(smtp.arrivals).toHaveLength(0);
      expect(mailJobs(dataDir)).toMatchObject([{ key: "bad-envelope", state: "failed", attempts: 1 }]);
      expect(mailJobs(dataDir)[0]?.last_error).toMatch(/No recipients defined/);
    } finally {
      await close();
    }
  });
});

describe("through the server", () => {
  test.each([
    ["an SMTP 451", 451, undefined],
    ["a refused connection", "accept", "refuse"],
    ["a dropped connection", "accept", "drop"],
  ] as const)(
    "%s, then recovery: answered 200 at once, one mail, the same Message-ID on every attempt",
    async (_what, answer, outage) => {
      const server = await serve();
      smtp.answer = answer;
      if (outage !== undefined) await smtp.stop(outage);
      const response = await post(server.url, NOTIFY_PATH, validMessage, {
        headers: { "idempotency-key": "k-1" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ success: true });
      await expect.poll(() => mailJobs(server.dataDir)[0]?.attempts ?? 0).toBeGreaterThanOrEqual(1);
      expect(mailJobs(server.dataDir)[0]?.state).toBe("pending");

      smtp.answer = "accept";
      if (outage !== undefined) await smtp.start();
      await expect.poll(() => mailJobs(server.dataDir)[0]?.state, { timeout: 15_000 }).toBe("sent");
      expect(smtp.mails).toHaveLength(1);
      const ids = await messageIds();
      expect(new Set(ids).size).toBe(1);
      expect(ids[0]).toMatch(/^<owner\.[0-9a-f]{32}@/);
    },
  );

  test("an outage across a restart: the job waits in DATA_DIR and goes out once after it", async () => {
    const dataDir = await tempDir();
    await smtp.stop("refuse");
    const before = await serve({ DATA_DIR: dataDir });
    expect((await post(before.url, NOTIFY_PATH, validMessage)).status).toBe(200);
    await expect.poll(() => mailJobs(dataDir)[0]?.attempts ?? 0).toBeGreaterThanOrEqual(1);
    await stop(before);
    expect(mailJobs(dataDir)).toMatchObject([{ state: "pending" }]);

    await smtp.start();
    await serve({ DATA_DIR: dataDir });
    await expect.poll(() => mailJobs(dataDir)[0]?.state, { timeout: 15_000 }).toBe("sent");
    expect(smtp.mails).toHaveLength(1);
  });

  test("restarted with the clock a day back, a pending mail goes out once its wait is over, not a day later", async () => {
    const dataDir = await tempDir();
    const env = { SMTP_URL: smtp.url, MAIL_RETRY_MS: "2000" };
    smtp.answer = 451;
    const before = await startChildServer(dataDir, { env });
    try {
      expect((await post(before.url, NOTIFY_PATH, validMessage)).status).toBe(200);
      await expect
        .poll(() => mailJobs(dataDir)[0]?.attempts ?? 0, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
    } finally {
      await before.stop();
    }
    smtp.answer = "accept";
    const after = await startChildServer(dataDir, {
      entry: "tests/server/fixtures/clock-shift.ts",
      env: { ...env, CLOCK_SHIFT_MS: String(-86_400_000) },
    });
    try {
      // Seconds, not a day: 30 s leaves room for the restarted server's first pass on a loaded machine.
      await expect.poll(() => mailJobs(dataDir)[0]?.state, { timeout: 30_000 }).toBe("sent");
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await after.stop();
    }
  }, 60_000);

  test("a message stored whose page has not asked for its alert is listed as pending and not mailed within MAIL_NOTIFY_GRACE_MS", async () => {
    const server = await serve();
    const id = randomUUID();
    expect((await post(server.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
    const listed = await messagesCli(server.dataDir, "list");
    expect(listed.stdout).toContain(
      `${id}  ${validMessage.name} <${validMessage.email}>  mail pending (the page has not asked for it yet)`,
    );
    expect(listed.stderr).toContain("mail: 1 pending, 0 failed.");
    expect(smtp.arrivals).toHaveLength(0);
  });

  test("a message stored whose page closed before the notify step gets its alert after MAIL_NOTIFY_GRACE_MS, once", async () => {
    const server = await serve({ MAIL_NOTIFY_GRACE_MS: "1000" });
    const id = randomUUID();
    expect((await post(server.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
    await expect.poll(() => mailJobs(server.dataDir)[0]?.state, { timeout: 30_000 }).toBe("sent");
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.raw.toString()).toContain(validMessage.message);
    // The page comes back and sends its notify step: answered from the record, not mailed again.
    const { id: _, ...body } = { id, ...validMessage };
    const late = await post(server.url, NOTIFY_PATH, body, { headers: { "idempotency-key": id } });
    expect(late.status).toBe(200);
    expect(smtp.arrivals).toHaveLength(1);
    expect((await messagesCli(server.dataDir, "list")).stdout).toContain(
      `${id}  ${validMessage.name} <${validMessage.email}>  mailed`,
    );
  });

  test("list shows a mail waiting for its next attempt: when, and why the last one failed", async () => {
    const server = await serve({ MAIL_RETRY_MS: "60000" });
    const id = randomUUID();
    smtp.answer = 451;
    expect((await post(server.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
    const { id: _, ...body } = { id, ...validMessage };
    expect((await post(server.url, NOTIFY_PATH, body, { headers: { "idempotency-key": id } })).status).toBe(
      200,
    );
    await expect.poll(() => mailJobs(server.dataDir)[0]?.attempts).toBe(1);
    const next = new Date(mailJobs(server.dataDir)[0]?.next_attempt_at ?? 0).toISOString();
    const listed = await messagesCli(server.dataDir, "list");
    expect(listed.stdout).toContain(
      `${id}  ${validMessage.name} <${validMessage.email}>  mail pending, next attempt ${next} (451 Try again later)`,
    );
    expect(listed.stderr).toContain("mail: 1 pending, 0 failed.");
  });

  test("a 5xx fails for good: /healthz and list say so, retry sends it once", async () => {
    const server = await serve({ MESSAGE_RETENTION_DAYS: "0" });
    const id = randomUUID();
    smtp.answer = 550;
    expect((await post(server.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
    const { id: _, ...body } = { id, ...validMessage };
    expect((await post(server.url, NOTIFY_PATH, body, { headers: { "idempotency-key": id } })).status).toBe(
      200,
    );
    await expect.poll(() => mailJobs(server.dataDir)[0]?.state).toBe("failed");
    expect(smtp.arrivals).toHaveLength(1);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "degraded", mail: { pending: 0, failed: 1, late: 0 } });
    const listed = await messagesCli(server.dataDir, "list");
    expect(listed.stdout).toContain(
      `${id}  ${validMessage.name} <${validMessage.email}>  mail failed: 550 Mailbox unavailable`,
    );
    expect(listed.stderr).toContain("mail: 0 pending, 1 failed.");

    smtp.answer = "accept";
    const cli = { DATA_DIR: server.dataDir, SMTP_URL: smtp.url, OWNER_EMAIL };
    // Due again, the job may be claimed by the running server's sweep (every MAIL_RETRY_MS) before
    // the CLI's own send: it is then still pending when the CLI counts, and goes out once either way.
    expect((await messagesCli(cli, "retry")).stdout).toMatch(/1 mail\(s\) tried now; [01] pending, 0 failed/);
    await expect.poll(() => mailJobs(server.dataDir)[0]?.state).toBe("sent");
    expect(smtp.mails).toHaveLength(1);
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect((await messagesCli(server.dataDir, "list")).stdout).toContain(
      `${id}  ${validMessage.name} <${validMessage.email}>  mailed`,
    );
  }, 60_000);

  test("ALERT_LIMIT counts the alerts of both endpoints: the JSON API's and the no-JavaScript form's", async () => {
    // A day's window: both messages fall into one (unless the test runs across midnight UTC).
    const server = await serve({ ALERT_LIMIT: "1/1d" });
    expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
    await smtp.arrived(1);
    const form = { name: "Fay", email: "fay@example.com", message: "Sent without JavaScript." };
    expect((await postForm(server, form)).status).toBe(200);
    // The form's message is stored, and its mail waits for the window's digest.
    await expect
      .poll(() => mailJobs(server.dataDir).map((job) => [job.state, job.digest]))
      .toEqual([
        ["sent", 0],
        ["pending", 1],
      ]);
    expect(smtp.arrivals).toHaveLength(1);
  });

  test("ALERT_LIMIT: past the window's count, one digest when the window ends lists every sender", async () => {
    const server = await serve({ ALERT_LIMIT: "2/5s" });
    const senders = ["Ann", "Ben", "Cai", "Dee", "Eve"].map((name, index) => ({
      name,
      email: `${name.toLowerCase()}@example.com`,
      message: `Message ${index} from ${name}.\nSecond line.`,
    }));
    const answers = await Promise.all(senders.map((sender) => post(server.url, NOTIFY_PATH, sender)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
    // The ones past the limit wait for their window's end (at most 5 s), then go out together.
    await expect
      .poll(() => mailJobs(server.dataDir).filter((job) => job.state === "sent").length, { timeout: 20_000 })
      .toBe(5);
    expect(mailJobs(server.dataDir).map((job) => job.state)).toEqual(Array(5).fill("sent"));
    const mails = await Promise.all(smtp.mails.map((mail) => parseMail(mail.raw)));
    const alerts = mails.filter((mail) => mail.subject?.startsWith("New portfolio message"));
    const digests = mails.filter((mail) => !mail.subject?.startsWith("New portfolio message"));
    // The first two of a window get alerts; a window may end between two posts, so count by kind.
    expect(
      alerts.length +
        digests.reduce((sum, mail) => sum + Number(/^(\d+) more/.exec(mail.subject ?? "")?.[1]), 0),
    ).toBe(5);
    expect(digests.length).toBeGreaterThanOrEqual(1);
    const listed = digests.map((mail) => mail.text ?? "").join("\n");
    for (const sender of senders.filter(
      (entry) => !alerts.some((mail) => mail.subject?.endsWith(entry.name)),
    )) {
      expect(listed).toContain(`${sender.name} <${sender.email}>`);
      expect(listed).toContain(`${sender.message.replace("\n", " ")}`);
    }
  });
});
