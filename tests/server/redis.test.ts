/**
 * Two server instances sharing one real redis-server (REDIS_URL): one rate limit, one mail per
 * Idempotency-Key, a 503 with Retry-After while Redis is away and recovery when it is back.
 * Real HTTP on loopback and a real SMTP server.
 */
import { randomUUID } from "node:crypto";
import { SENT_MESSAGE } from "../../server/api-routes";
import { SHARED_STATE_UNAVAILABLE_MESSAGE } from "../../server/shared-state";
import {
  MESSAGES_PATH,
  NOTIFY_PATH,
  post,
  removeTempDirs,
  type SmtpSink,
  startServer,
  startSmtp,
  type TestServer,
} from "./helpers";
import { type RedisProcess, startRedis } from "./redis-process";

let redis: RedisProcess;
let smtp: SmtpSink;
const servers: TestServer[] = [];

async function twoInstances(env: Record<string, string> = {}): Promise<[TestServer, TestServer]> {
  const started = await Promise.all(
    [0, 1].map(() => startServer({ SMTP_URL: smtp.url, REDIS_URL: redis.url, ...env })),
  );
  servers.push(...started);
  return started as [TestServer, TestServer];
}

function message(id = randomUUID()) {
  return { id, name: "Ada Lovelace", email: "ada@example.com", message: `Hello from ${id}` };
}

/** The notify endpoint takes the message without its id: the id travels as the Idempotency-Key. */
function notify(server: TestServer, key: string, { id: _id, ...body }: ReturnType<typeof message>) {
  return post(server.url, NOTIFY_PATH, body, { headers: { "idempotency-key": key } });
}

/** Polls /healthz until it gives `status` (the event a reconnect produces is the health change). */
async function healthBecomes(server: TestServer, status: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${server.url}/healthz`);
    if (response.status === status) return;
    if (Date.now() > deadline) throw new Error(`/healthz stayed ${response.status}, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  redis = await startRedis();
  smtp = await startSmtp();
});

beforeEach(() => {
  smtp.mails.length = 0;
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

afterAll(async () => {
  await smtp?.close();
  await redis?.close();
  await removeTempDirs();
});

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
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true, msg: SENT_MESSAGE });
  }
  expect(smtp.mails).toHaveLength(1);

  // A later retry to either instance is answered from the record, not mailed again.
  expect((await notify(b, key, body)).status).toBe(200);
  expect(smtp.mails).toHaveLength(1);
});

test("Redis stopped mid-run: 503 with Retry-After, /healthz says so, nothing mailed twice, then recovery", async () => {
  const [a, b] = await twoInstances();
  const first = message();
  const firstKey = randomUUID();
  expect((await notify(a, firstKey, first)).status).toBe(200);
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
    expect(await refused.json()).toEqual({ success: false, error: SHARED_STATE_UNAVAILABLE_MESSAGE });
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
  expect((await notify(a, randomUUID(), message())).status).toBe(200);
  expect(smtp.mails).toHaveLength(2);
});

test("without REDIS_URL nothing changes: /healthz has no redis field", async () => {
  const server = await startServer();
  servers.push(server);
  expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
});
