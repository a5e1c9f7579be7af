/**
 * POST /api/messages: the local message store (DATA_DIR/portfolio.db).
 */
import { randomUUID } from "node:crypto";
import { ID_REUSED_MESSAGE, SAVED_MESSAGE } from "../../server/contact/api-routes";
import { MESSAGES_PATH, post, serverPool, storedMessages, tempDir, validMessage } from "./helpers";

const { serve, stop } = serverPool();

test("stores one row with id, name, email, message and createdAt, and answers 201", async () => {
  const server = await serve();
  const id = randomUUID();
  const response = await post(server.url, MESSAGES_PATH, { id, ...validMessage });

  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ success: true, msg: SAVED_MESSAGE });
  const lines = storedMessages(server.dataDir);
  expect(lines).toHaveLength(1);
  const [line] = lines;
  expect(line).toEqual({ id, ...validMessage, createdAt: line?.createdAt, notifiedAt: null });
  const createdAt = String(line?.createdAt);
  expect(new Date(createdAt).toISOString()).toBe(createdAt);
});

test("is idempotent by id: a second POST answers 200 and stores nothing more", async () => {
  const server = await serve();
  const id = randomUUID();
  expect((await post(server.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
  const again = await post(server.url, MESSAGES_PATH, { id, ...validMessage });

  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ success: true, msg: SAVED_MESSAGE });
  expect(storedMessages(server.dataDir)).toHaveLength(1);
});

test("ids stored before a restart are still known after it", async () => {
  const dataDir = await tempDir();
  const id = randomUUID();
  const first = await serve({ DATA_DIR: dataDir });
  expect((await post(first.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
  await stop(first);

  const second = await serve({ DATA_DIR: dataDir });
  expect((await post(second.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(200);
  expect(storedMessages(dataDir)).toHaveLength(1);
});

test("concurrent posts produce well-formed rows, one per id", async () => {
  const server = await serve();
  const ids = Array.from({ length: 30 }, () => randomUUID());
  const long = `${"Ünïcödé 🚀 ".repeat(400)}end`;
  const responses = await Promise.all(
    ids.map((id, index) =>
      post(server.url, MESSAGES_PATH, { id, ...validMessage, message: `${index} ${long}` }),
    ),
  );
  expect(responses.map((response) => response.status)).toEqual(ids.map(() => 201));

  const lines = storedMessages(server.dataDir);
  expect(lines).toHaveLength(ids.length);
  expect(new Set(lines.map((line) => line.id))).toEqual(new Set(ids));
  for (const line of lines) expect(String(line.message)).toMatch(/^\d+ (Ünïcödé 🚀 )+end$/);
});

test("concurrent posts with one id store it once", async () => {
  const server = await serve();
  const id = randomUUID();
  const responses = await Promise.all(
    Array.from({ length: 8 }, () => post(server.url, MESSAGES_PATH, { id, ...validMessage })),
  );
  const statuses = responses.map((response) => response.status).sort();
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
  expect(storedMessages(server.dataDir)).toHaveLength(1);
});

test("has its own rate limit and answers 429 past it", async () => {
  const server = await serve({ RATE_LIMIT_MAX: "1" });
  expect((await post(server.url, MESSAGES_PATH, { id: randomUUID(), ...validMessage })).status).toBe(201);
  const limited = await post(server.url, MESSAGES_PATH, { id: randomUUID(), ...validMessage });
  expect(limited.status).toBe(429);
  expect(limited.headers.get("retry-after")).not.toBeNull();
  expect(storedMessages(server.dataDir)).toHaveLength(1);
});

test.each([
  ["name", "Someone Else"],
  ["email", "someone.else@example.com"],
  ["message", "Another text"],
] as const)("a reused id with another %s answers 422 and keeps the first message", async (field, value) => {
  const server = await serve();
  const id = randomUUID();
  expect((await post(server.url, MESSAGES_PATH, { id, ...validMessage })).status).toBe(201);
  const reused = await post(server.url, MESSAGES_PATH, { id, ...validMessage, [field]: value });

  expect(reused.status).toBe(422);
  expect(await reused.json()).toEqual({ success: false, error: ID_REUSED_MESSAGE });
  expect(storedMessages(server.dataDir)).toMatchObject([{ id, ...validMessage }]);
});
