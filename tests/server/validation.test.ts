/**
 * Bad requests: every row is refused with the right status and a JSON sentence, stores nothing
 * (the message store unchanged) and records no mail.
 */
import { ui } from "../../src/content/interface";
import {
  API_KEY,
  MESSAGES_PATH,
  mailJobs,
  NOTIFY_PATH,
  post,
  removeTempDirs,
  type SmtpSink,
  startServer,
  startSmtp,
  storedMessages,
  type TestServer,
  validMessage,
} from "./helpers";

interface BadRequest {
  title: string;
  path?: string;
  body?: unknown;
  raw?: string | URLSearchParams;
  headers?: Record<string, string | undefined>;
  status: number;
}

const id = "0b8a4b8e-6f5c-4a39-9a8e-3f2d1c0b9a87";
const stored = { id, ...validMessage };
const { name, email, message } = validMessage;
const injection = "x\r\nBcc: evil@example.com";

const rows: BadRequest[] = [
  { title: "missing name", body: { email, message }, status: 400 },
  { title: "missing email", body: { name, message }, status: 400 },
  { title: "missing message", body: { name, email }, status: 400 },
  { title: "empty object", body: {}, status: 400 },
  { title: "extra field", body: { ...validMessage, admin: true }, status: 400 },
  {
    title: "extra field named like a header",
    body: { ...validMessage, bcc: "evil@example.com" },
    status: 400,
  },
  { title: "name is a number", body: { ...validMessage, name: 42 }, status: 400 },
  { title: "email is an array", body: { ...validMessage, email: [email] }, status: 400 },
  { title: "message is null", body: { ...validMessage, message: null }, status: 400 },
  { title: "message is an object", body: { ...validMessage, message: { text: "hi" } }, status: 400 },
  { title: "name is a boolean", body: { ...validMessage, name: true }, status: 400 },
  { title: "empty name", body: { ...validMessage, name: "" }, status: 400 },
  { title: "empty email", body: { ...validMessage, email: "" }, status: 400 },
  { title: "empty message", body: { ...validMessage, message: "" }, status: 400 },
  { title: "whitespace-only name", body: { ...validMessage, name: "   " }, status: 400 },
  { title: "whitespace-only message", body: { ...validMessage, message: " \n\t " }, status: 400 },
  { title: "101-char name", body: { ...validMessage, name: "n".repeat(101) }, status: 400 },
  {
    title: "255-char email",
    body: { ...validMessage, email: `${"a".repeat(64)}@${"b".repeat(186)}.com` },
    status: 400,
  },
  { title: "5001-char message", body: { ...validMessage, message: "m".repeat(5001) }, status: 400 },
  { title: "email without @", body: { ...validMessage, email: "ada.example.com" }, status: 400 },
  { title: "email without domain dot", body: { ...validMessage, email: "ada@localhost" }, status: 400 },
  { title: "email with a space", body: { ...validMessage, email: "ada lovelace@example.com" }, status: 400 },
  {
    title: "two addresses in email",
    body: { ...validMessage, email: "a@example.com, b@example.com" },
    status: 400,
  },
  { title: "CR/LF in name", body: { ...validMessage, name: "Eve\r\nBcc: evil@example.com" }, status: 400 },
  { title: "LF in name", body: { ...validMessage, name: "Eve\nX-Evil: 1" }, status: 400 },
  {
    title: "CR/LF in email",
    body: { ...validMessage, email: "eve@example.com\r\nBcc: evil@example.com" },
    status: 400,
  },
  { title: "header injection as email", body: { ...validMessage, email: injection }, status: 400 },
  { title: "header injection as name", body: { ...validMessage, name: injection }, status: 400 },
  { title: "NUL in name", body: { ...validMessage, name: "Eve\u0000" }, status: 400 },
  { title: "U+2028 in name", body: { ...validMessage, name: "Eve\u2028Bcc: x@example.com" }, status: 400 },
  { title: "lone surrogate in name", body: { ...validMessage, name: "Eve \ud800" }, status: 400 },
  { title: "lone surrogate in message", body: { ...validMessage, message: "Hi \udfff there" }, status: 400 },
  {
    title: "lone surrogate in email",
    body: { ...validMessage, email: "eve\ud800@example.com" },
    status: 400,
  },
  { title: "ESC in message", body: { ...validMessage, message: "Hi \u001b]0;owned\u0007" }, status: 400 },
  { title: "C1 CSI in message", body: { ...validMessage, message: "Hi \u009b31m red" }, status: 400 },
  { title: "C1 in name", body: { ...validMessage, name: "Eve\u0085" }, status: 400 },
  { title: "invalid JSON", raw: '{"name": "Ada", ', status: 400 },
  { title: "JSON array", raw: JSON.stringify([validMessage]), status: 400 },
  { title: "JSON string", raw: JSON.stringify("hello"), status: 400 },
  { title: "JSON null", raw: "null", status: 400 },
  {
    title: "__proto__ key",
    raw: `{"__proto__":{"admin":true},"name":"a","email":"${email}","message":"m"}`,
    status: 400,
  },
  {
    title: "text/plain body",
    raw: JSON.stringify(validMessage),
    headers: { "content-type": "text/plain" },
    status: 415,
  },
  {
    title: "form-urlencoded body",
    raw: new URLSearchParams(validMessage),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    status: 415,
  },
  { title: "1 MB body", body: { ...validMessage, message: "x".repeat(1024 * 1024) }, status: 413 },
  { title: "wrong API key", body: validMessage, headers: { "x-api-key": `${API_KEY}x` }, status: 401 },
  { title: "missing API key", body: validMessage, headers: { "x-api-key": undefined }, status: 401 },
  { title: "empty API key", body: validMessage, headers: { "x-api-key": "" }, status: 401 },
  {
    title: "disallowed origin",
    body: validMessage,
    headers: { origin: "https://evil.example" },
    status: 403,
  },
  { title: "origin null", body: validMessage, headers: { origin: "null" }, status: 403 },
  {
    title: "look-alike origin",
    body: validMessage,
    headers: { origin: "https://allowed.example.evil.example" },
    status: 403,
  },
  {
    title: "Idempotency-Key with a space",
    body: validMessage,
    headers: { "idempotency-key": "a b" },
    status: 400,
  },
  {
    title: "Idempotency-Key of 201 chars",
    body: validMessage,
    headers: { "idempotency-key": "k".repeat(201) },
    status: 400,
  },
  // The message store: the same rules plus a UUID id.
  { title: "store: missing id", path: MESSAGES_PATH, body: validMessage, status: 400 },
  { title: "store: non-UUID id", path: MESSAGES_PATH, body: { ...stored, id: "not-a-uuid" }, status: 400 },
  { title: "store: numeric id", path: MESSAGES_PATH, body: { ...stored, id: 12345 }, status: 400 },
  // Firestore's rules take lowercase only (firestore.rules): the same id must pass or fail on both.
  {
    title: "store: uppercase UUID",
    path: MESSAGES_PATH,
    body: { ...stored, id: id.toUpperCase() },
    status: 400,
  },
  {
    title: "store: UUID with a urn prefix",
    path: MESSAGES_PATH,
    body: { ...stored, id: `urn:uuid:${id}` },
    status: 400,
  },
  {
    title: "store: extra field",
    path: MESSAGES_PATH,
    body: { ...stored, createdAt: "2020-01-01" },
    status: 400,
  },
  { title: "store: CR/LF in name", path: MESSAGES_PATH, body: { ...stored, name: injection }, status: 400 },
  { title: "store: empty message", path: MESSAGES_PATH, body: { ...stored, message: "  " }, status: 400 },
  { title: "store: invalid email", path: MESSAGES_PATH, body: { ...stored, email: "nope" }, status: 400 },
  {
    title: "store: text/plain",
    path: MESSAGES_PATH,
    raw: JSON.stringify(stored),
    headers: { "content-type": "text/plain" },
    status: 415,
  },
  {
    title: "store: 1 MB body",
    path: MESSAGES_PATH,
    body: { ...stored, message: "x".repeat(1024 * 1024) },
    status: 413,
  },
  {
    title: "store: wrong key",
    path: MESSAGES_PATH,
    body: stored,
    headers: { "x-api-key": "wrong-key-123" },
    status: 401,
  },
  {
    title: "store: disallowed origin",
    path: MESSAGES_PATH,
    body: stored,
    headers: { origin: "http://127.0.0.2.nip.example:5173" },
    status: 403,
  },
];

let smtp: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, ALLOWED_ORIGINS: "https://allowed.example" });
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await removeTempDirs();
});

test("well-formed text with emoji, tabs and line breaks in the message is accepted", async () => {
  const message = "Tab\there, CRLF\r\nand LF\nand 🚀 (a surrogate pair) and é.";
  const response = await post(server.url, MESSAGES_PATH, { ...stored, id: crypto.randomUUID(), message });
  expect(response.status).toBe(201);
  expect(storedMessages(server.dataDir).at(-1)?.message).toBe(message);
});

test("a lone surrogate gets a sentence about the characters, not the single-line rule", async () => {
  const response = await post(server.url, NOTIFY_PATH, { ...validMessage, name: "Eve \ud800" });
  expect(await response.json()).toEqual({
    success: false,
    error: "The name contains characters that are not allowed.",
  });
});

test.each([
  ["a right-to-left override", "BIDI\u202Emoc.evil@\u202C"],
  ["an isolate", "Ada \u2067live\u2069"],
  ["a zero-width space", "Ada\u200BLovelace"],
])(
  "a name with %s is refused on both endpoints with the page's sentence; nothing stored or mailed",
  async (_what, hostile) => {
    const before = storedMessages(server.dataDir);
    const jobsBefore = mailJobs(server.dataDir);
    for (const [path, body] of [
      [MESSAGES_PATH, { ...stored, id: crypto.randomUUID(), name: hostile }],
      [NOTIFY_PATH, { ...validMessage, name: hostile }],
    ] as const) {
      const response = await post(server.url, path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, error: ui.contact.invalid["format-chars"] });
    }
    expect(storedMessages(server.dataDir)).toEqual(before);
    expect(mailJobs(server.dataDir)).toEqual(jobsBefore);
  },
);

test("the joiners of emoji sequences and Persian names stay accepted in the name", async () => {
  for (const name of ["Ada 👩\u200D💻", "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"]) {
    const response = await post(server.url, MESSAGES_PATH, { ...stored, id: crypto.randomUUID(), name });
    expect(response.status).toBe(201);
  }
});

test.each(rows)("$title → $status, nothing stored or mailed", async (row) => {
  const before = storedMessages(server.dataDir);
  const jobsBefore = mailJobs(server.dataDir);

  const options = row.raw === undefined ? { headers: row.headers } : { headers: row.headers, raw: row.raw };
  const response = await post(server.url, row.path ?? NOTIFY_PATH, row.body, options);

  expect(response.status).toBe(row.status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const answer = (await response.json()) as { success: unknown; error: unknown; msg?: unknown };
  expect(answer.success).toBe(false);
  expect(answer.msg).toBeUndefined();
  expect(typeof answer.error).toBe("string");
  const error = answer.error as string;
  expect(error.length).toBeGreaterThan(5);
  // A sentence for people, never ajv's or Fastify's raw wording.
  expect(error).not.toMatch(/body\/|\/properties|must match|must have required|FST_|instancePath|statusCode/);
  expect(error).toMatch(/[.!]$/);

  expect(storedMessages(server.dataDir)).toEqual(before);
  expect(mailJobs(server.dataDir)).toEqual(jobsBefore);
});

test("a valid message still goes through on the same server (the table is not refusing everything)", async () => {
  const response = await post(server.url, NOTIFY_PATH, validMessage);
  expect(response.status).toBe(200);
  await smtp.arrived(1);
  expect(smtp.mails.length).toBe(1);
});
