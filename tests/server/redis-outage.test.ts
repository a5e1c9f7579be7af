/**
 * Redis or an instance lost mid-send, with two server instances sharing one real redis-server
 * (REDIS_URL): a 503 with Retry-After while Redis is away and recovery when it is back, a job
 * taken over after a kill -9, an outcome kept on disk until Redis takes it. Real HTTP on loopback
 * and a real SMTP server.
 */
import { randomUUID } from "node:crypto";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import { REDIS_STATE_UNAVAILABLE_MESSAGE } from "../../server/store/redis-state";
import { MESSAGES_PATH, post, tempDir } from "./helpers";
import {
  type ChildInstance,
  childInstance,
  healthBecomes,
  LEASE,
  message,
  notify,
  useRedisInstances,
} from "./redis-instances";

const { redis, smtp, serve, jobState, twoInstances } = useRedisInstances();

test("Redis stopped mid-run: 503 with Retry-After, /healthz says so, nothing mailed twice, then recovery", async () => {
  const [a, b] = await twoInstances();
  const first = message();
  const firstKey = randomUUID();
  expect((await notify(a, firstKey, first)).status).toBe(200);
  await expect.poll(() => jobState(firstKey)).toBe("sent");
  expect(smtp.mails).toHaveLength(1);
  expect(await (await fetch(`${a.url}/healthz`)).json()).toEqual({ status: "ok", redis: "ok" });

  await redis.stop();
  try {
    await healthBecomes(a, 503);
    await healthBecomes(b, 503);
    expect(await (await fetch(`${b.url}/healthz`)).json()).toEqual({
      status: "unavailable",
      redis: "unavailable",
    });

    const second = message();
    const refused = await notify(b, randomUUID(), second);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await refused.json()).toEqual({ success: false, error: REDIS_STATE_UNAVAILABLE_MESSAGE });
    // The retry of the message already sent cannot be checked against its record: refused, not mailed.
    expect((await notify(b, firstKey, first)).status).toBe(503);
    expect((await post(a.url, MESSAGES_PATH, message())).status).toBe(503);
    expect(smtp.mails).toHaveLength(1);
  } finally {
    await redis.start();
  }

  await healthBecomes(a, 200);
  await healthBecomes(b, 200);
  // The record survived the restart: the retry is answered, not mailed again.
  const retried = await notify(b, firstKey, first);
  expect(retried.status).toBe(200);
  expect(await retried.json()).toEqual({ success: true, msg: SENT_MESSAGE });
  expect(smtp.mails).toHaveLength(1);
  // And new messages go through again.
  const next = randomUUID();
  expect((await notify(a, next, message())).status).toBe(200);
  await expect.poll(() => jobState(next)).toBe("sent");
  expect(smtp.mails).toHaveLength(2);
});

test("a job taken by an instance that is then killed is mailed once, by the other instance", async () => {
  const doomed = await childInstance({ SMTP_URL: smtp.url, REDIS_URL: redis.url, ...LEASE });
  try {
    const body = message();
    const key = randomUUID();
    const onTheWire = smtp.holdNext();
    // Recorded, so answered at once; the doomed instance then takes the job and sends it.
    expect((await notify(doomed, key, body)).status).toBe(200);
    await onTheWire;
    // Started only now: running before, it could take the job first on a busy machine, and the
    // test waited for a takeover that had nothing to take over.
    const survivor = await serve(LEASE);
    await healthBecomes(survivor, 200);
    const takenOver = smtp.holdNext();
    await doomed.kill();
    expect(smtp.mails).toHaveLength(0);

    // Its lease runs out and the survivor sends the job, with the visitor's message.
    (await takenOver).release();
    await expect.poll(() => jobState(key), { timeout: 20_000 }).toBe("sent");
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.raw.toString()).toContain(body.message);

    // The visitor's outbox retries with the same key: answered from the record, not mailed again.
    const retried = await notify(survivor, key, body);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ success: true, msg: SENT_MESSAGE });
    expect(smtp.mails).toHaveLength(1);
  } finally {
    await doomed.kill();
  }
}, 60_000); // a second server process can take a while to start on a busy machine

test("Redis lost while a mail is on its way: its outcome is kept on disk, written on reconnect, no second mail", async () => {
  const [a, b] = await twoInstances(LEASE);
  const body = message();
  const key = randomUUID();
  const inFlight = smtp.holdNext();
  expect((await notify(a, key, body)).status).toBe(200);
  const { release } = await inFlight;

  await redis.stop();
  try {
    await healthBecomes(a, 503);
    release();
    await smtp.arrived(1);
  } finally {
    await redis.start();
  }
  await healthBecomes(a, 200);
  await healthBecomes(b, 200);
  await expect.poll(() => jobState(key), { timeout: 20_000 }).toBe("sent");

  // A retry on the other instance is answered from the record.
  const retried = await notify(b, key, body);
  expect(retried.status).toBe(200);
  expect(await retried.json()).toEqual({ success: true, msg: SENT_MESSAGE });
  expect(smtp.mails).toHaveLength(1);
});

test("SIGTERM during a Redis outage longer than any fixed wait: the closing instance stays until Redis takes the outcome; the other sends nothing", async () => {
  const other = await serve(LEASE);
  const closing = await childInstance({ SMTP_URL: smtp.url, REDIS_URL: redis.url, ...LEASE });
  try {
    const key = randomUUID();
    const inFlight = smtp.holdNext();
    expect((await notify(closing, key, message())).status).toBe(200);
    const { release } = await inFlight;
    await redis.stop();
    let exited: Promise<number | null> | undefined;
    try {
      await healthBecomes(closing, 503);
      release();
      await smtp.arrived(1);
      exited = new Promise((done) => closing.child.once("exit", done));
      closing.child.kill("SIGTERM");
      // Longer than the 5 s a closing instance used to wait before it exited with the outcome
      // only on its disk, leaving the job to be taken over and mailed again.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      expect(closing.child.exitCode).toBeNull();
      expect(closing.output()).toContain("Waiting for Redis to record 1 sent mail(s) before exiting");
    } finally {
      await redis.start();
    }
    expect(await exited).toBe(0);
    expect(await jobState(key)).toBe("sent");
    // The other instance, connected past a lease and a reconnect pause, finds nothing to send.
    await healthBecomes(other, 200);
    expect(smtp.mails).toHaveLength(1);
  } finally {
    await closing.kill();
  }
}, 60_000);

test("killed (kill -9) during a Redis outage after its mail went out: the same DATA_DIR's next start records it, no second mail", async () => {
  const dataDir = await tempDir();
  const env = { SMTP_URL: smtp.url, REDIS_URL: redis.url, DATA_DIR: dataDir, ...LEASE };
  const closing = await childInstance(env);
  const key = randomUUID();
  let restarted: ChildInstance | undefined;
  try {
    const inFlight = smtp.holdNext();
    expect((await notify(closing, key, message())).status).toBe(200);
    const { release } = await inFlight;
    await redis.stop();
    try {
      await healthBecomes(closing, 503);
      release();
      await smtp.arrived(1);
      await expect.poll(() => closing.output()).toContain("its outcome is kept on disk until Redis is back");
      // A supervisor's grace period ran out (or the host went down).
      await closing.kill();
    } finally {
      await redis.start();
    }
    // In Redis the job is still pending, taken by an instance that is gone.
    expect(await jobState(key)).toBe("pending");

    restarted = await childInstance(env);
    await expect.poll(() => jobState(key), { timeout: 20_000 }).toBe("sent");
    expect(smtp.mails).toHaveLength(1);
  } finally {
    await closing.kill();
    await restarted?.kill();
  }
}, 60_000);

test("killed (kill -9) during a Redis outage after its mail went out, and never restarted: the other instance mails it again with the same Message-ID (at least once)", async () => {
  const doomed = await childInstance({ SMTP_URL: smtp.url, REDIS_URL: redis.url, ...LEASE });
  try {
    const key = randomUUID();
    const inFlight = smtp.holdNext();
    expect((await notify(doomed, key, message())).status).toBe(200);
    const { release } = await inFlight;
    // Started once the doomed instance holds the job: it could otherwise claim and send it first.
    const other = await serve(LEASE);
    await redis.stop();
    try {
      await healthBecomes(doomed, 503);
      release();
      await smtp.arrived(1);
      await doomed.kill();
    } finally {
      await redis.start();
    }
    await healthBecomes(other, 200);
    await expect.poll(() => jobState(key), { timeout: 20_000 }).toBe("sent");
    expect(smtp.mails).toHaveLength(2);
    const ids = smtp.mails.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw.toString())?.[1]);
    expect(ids[0]).toMatch(/^<owner\./);
    expect(ids[1]).toBe(ids[0]);
  } finally {
    await doomed.kill();
  }
}, 60_000);
