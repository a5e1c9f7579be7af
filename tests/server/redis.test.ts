/**
 * Two server instances sharing one real redis-server (REDIS_URL): one rate limit, one mail per
 * Idempotency-Key, one alert count and digest, the mail states the CLI lists, and the start's
 * checks. Real HTTP on loopback and a real SMTP server. Redis or an instance lost mid-send:
 * `redis-outage.test.ts`.
 */
import { randomUUID } from "node:crypto";
import { loadConfig } from "../../server/config";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import { formMessageId } from "../../server/contact/form-route";
import { LOCAL_MESSAGES_WARNING } from "../../server/http/build-server";
import { messagesCli } from "./child-server";
import { closedPort, MESSAGES_PATH, post, postForm, startServer } from "./helpers";
import {
  childInstance,
  healthBecomes,
  LEASE,
  message,
  notify,
  spawnServer,
  useRedisInstances,
} from "./redis-instances";

const { redis, smtp, serve, keep, withRedis, jobRecord, jobState, twoInstances } = useRedisInstances();

test("one rate limit across both instances: 5 requests to one, the 6th to the other is refused", async () => {
  const [a, b] = await twoInstances({ RATE_LIMIT_MAX: "5" });
  for (let i = 0; i < 5; i += 1) {
    const response = await post(a.url, MESSAGES_PATH, message());
    expect(response.status).toBe(201);
  }
  const sixth = await post(b.url, MESSAGES_PATH, message());
  expect(sixth.status).toBe(429);
  expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await sixth.json()) as { error: string }).error).toMatch(/Too many messages/);
});

test("the same Idempotency-Key sent to both instances at once is mailed once, and both answer it", async () => {
  const [a, b] = await twoInstances();
  const body = message();
  const key = randomUUID();
  const answers = await Promise.all([notify(a, key, body), notify(b, key, body)]);

  for (const answer of answers) {
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 200,
      body: { success: true, msg: SENT_MESSAGE },
    });
  }
  await expect.poll(() => jobState(key)).toBe("sent");
  expect(smtp.mails).toHaveLength(1);

  // A later retry to either instance is answered from the record, not mailed again.
  expect((await notify(b, key, body)).status).toBe(200);
  expect(await jobState(key)).toBe("sent");
  expect(smtp.mails).toHaveLength(1);
});

test("ALERT_LIMIT is one count for every instance and both endpoints: the window's next alert waits for the digest", async () => {
  // A day's window: the messages fall into one (unless the test runs across midnight UTC). The
  // earlier tests' hourly windows start at midnight too between 00:00 and 01:00: nothing of theirs
  // may count here.
  await withRedis((client) => client.flushall());
  const [a, b] = await twoInstances({ ALERT_LIMIT: "1/1d", MAIL_RETRY_MS: "3600000" });
  try {
    // A mail the mail server turns away for now does not use the window's one alert.
    smtp.answer = 451;
    expect((await notify(a, randomUUID(), message())).status).toBe(200);
    const window = `alerts:${Math.floor(Date.now() / 86_400_000) * 86_400_000}`;
    await smtp.arrived(1);
    await expect.poll(() => withRedis((client) => client.get(window))).toBe("0");
    smtp.answer = "accept";
    const key = randomUUID();
    expect((await notify(a, key, message())).status).toBe(200);
    await expect.poll(() => jobState(key)).toBe("sent");
    // The other instance, through the no-JavaScript form: stored, and its mail kept for the digest.
    const form = { name: "Fay", email: "fay@example.com", message: "Sent without JavaScript." };
    expect((await postForm(b, form)).status).toBe(200);
    await expect.poll(() => jobRecord(formMessageId(form))).toMatchObject({ state: "pending", digest: true });
    expect(smtp.arrivals).toHaveLength(2);
    expect(smtp.mails).toHaveLength(1);
  } finally {
    // The digest would be due at midnight: nothing of it may reach the other tests.
    await withRedis((client) => client.flushall());
  }
});

test("ALERT_LIMIT's digest is one mail per window across the instances: ten messages alternating between two, 3/20s, give three alerts and one digest of seven", {
  timeout: 90_000,
}, async () => {
  await withRedis((client) => client.flushall());
  const [a, b] = await twoInstances({ ALERT_LIMIT: "3/20s", MAIL_LEASE_MS: "5000" });
  // All ten in one window: start now if 15 s of this one are left, else just after the next begins.
  const left = 20_000 - (Date.now() % 20_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  const keys = Array.from({ length: 10 }, () => randomUUID());
  for (const [index, key] of keys.entries()) {
    expect((await notify(index % 2 === 0 ? a : b, key, message())).status).toBe(200);
  }
  for (const key of keys) await expect.poll(() => jobState(key), { timeout: 40_000 }).toBe("sent");
  const subjects = smtp.mails.map((mail) => /^Subject: (.+)$/im.exec(mail.raw.toString())?.[1]);
  expect(subjects.filter((subject) => subject?.startsWith("New portfolio message"))).toHaveLength(3);
  expect(subjects.filter((subject) => !subject?.startsWith("New portfolio message"))).toEqual([
    "7 more portfolio messages",
  ]);
});

test("with REDIS_URL, list shows the mail states kept in Redis, and retry sends a failed mail kept there", async () => {
  // A short lease: the server looks for due jobs (the retried one) every second.
  const server = await serve(LEASE);
  await healthBecomes(server, 200);
  const cli = { DATA_DIR: server.dataDir, REDIS_URL: redis.url, SMTP_URL: smtp.url };
  const body = message();
  smtp.answer = 550;
  expect((await post(server.url, MESSAGES_PATH, body)).status).toBe(201);
  expect((await notify(server, body.id, body)).status).toBe(200);
  await expect.poll(() => jobState(body.id)).toBe("failed");

  const listed = await messagesCli(cli, "list");
  expect(listed.stdout).toContain(
    `${body.id}  ${body.name} <${body.email}>  mail failed: 550 Mailbox unavailable`,
  );
  expect(listed.stderr).toContain("mail: 0 pending, 1 failed.");

  smtp.answer = "accept";
  // Due again, the job may be claimed by the running server's sweep (every second here) before the
  // CLI's own send: it is then still pending when the CLI counts, and goes out once either way.
  expect((await messagesCli(cli, "retry")).stdout).toMatch(/1 mail\(s\) tried now; [01] pending, 0 failed/);
  await expect.poll(() => jobState(body.id)).toBe("sent");
  expect(smtp.mails).toHaveLength(1);
  expect((await messagesCli(cli, "list")).stdout).toContain(
    `${body.id}  ${body.name} <${body.email}>  mailed`,
  );
}, 60_000);

describe("configuration and start", () => {
  test("REDIS_URL must be a redis:// or rediss:// URL, and MAIL_LEASE_MS a sane duration", () => {
    expect(loadConfig({ REDIS_URL: "rediss://user:secret@cache.example:6380" }).redisUrl).toBe(
      "rediss://user:secret@cache.example:6380",
    );
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: "http://cache.example" })).toThrow(
      "REDIS_URL must be a redis:// or rediss:// URL such as redis://redis:6379.",
    );
    expect(() => loadConfig({ REDIS_URL: "cache:6379" })).toThrow(/REDIS_URL must/);
    expect(() => loadConfig({ MAIL_LEASE_MS: "10" })).toThrow(
      /MAIL_LEASE_MS must be a whole number from 1000/,
    );
  });

  test("a warning at start when REDIS_URL is set but messages are stored locally; none with Firestore", async () => {
    const [local, firestore] = await Promise.all([
      childInstance({ REDIS_URL: redis.url }),
      childInstance({
        REDIS_URL: redis.url,
        VITE_FIREBASE_API_KEY: "public-web-key",
        VITE_FIREBASE_PROJECT_ID: "demo-portfolio",
        VITE_FIREBASE_APP_ID: "1:2:web:3",
      }),
    ]);
    try {
      expect(local.output()).toContain(LOCAL_MESSAGES_WARNING);
      expect(firestore.output()).toContain("Portfolio server ready");
      expect(firestore.output()).not.toContain(LOCAL_MESSAGES_WARNING);
    } finally {
      await Promise.all([local.kill(), firestore.kill()]);
    }
  }, 60_000);

  test("an unreachable REDIS_URL stops the start with one clear line (no password in it)", async () => {
    const port = await closedPort();
    const child = await spawnServer({ REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` }, await closedPort());
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    expect(code).toBe(1);
    expect(output).toContain(
      `Cannot start the server: Redis at redis://127.0.0.1:${port} (REDIS_URL) did not answer within 10 s.`,
    );
    expect(output).not.toContain("hunter2");
  }, 60_000);
});

test("without REDIS_URL nothing changes: /healthz has no redis field", async () => {
  const [server] = keep(await startServer());
  expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
});
