/**
 * POST /contact: the contact form sent without JavaScript, over real HTTP. Storage is read with
 * the e2e helper (one reader of the store for all tests); mail goes to a real SMTP server.
 */
import { join } from "node:path";
import { type DefaultTreeAdapterMap, parse, defaultTreeAdapter as tree } from "parse5";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import { FORM_BODY_LIMIT } from "../../server/contact/form-route";
import { RESULT_ID } from "../../server/contact/result-page";
import { MESSAGES } from "../../server/http/errors";
import { DATABASE_FILE } from "../../server/store/database";
import { Database } from "../../server/store/sqlite-driver";
import { ui } from "../../src/content/interface";
import { storedMessages } from "../e2e/server";
import { type RecordingServer, sendJson, startRecordingServer } from "../shared/recording-server";
import {
  addresses,
  closedPort,
  MESSAGES_PATH,
  mailJobs,
  parseMail,
  post,
  postForm,
  queueSettled,
  serverPool,
  staticDir,
  useSmtp,
  validMessage,
} from "./helpers";

/** The prerendered contact page's form, as the build writes it (ids, names, a script to drop). */
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact · Test</title>
<link rel="modulepreload" href="/assets/contact.js"><script type="module" src="/assets/index.js"></script></head>
<body><div id="root"><main><form class="card contact-form" method="post" action="/contact">
<h1 id="contact-title">Let's Talk</h1>
<div class="field"><label for="contact-name">Name</label><input id="contact-name" name="name" value=""></div>
<div class="field"><label for="contact-email">Email</label><input id="contact-email" name="email" type="email" value=""></div>
<div class="field"><label for="contact-message">Message</label><textarea id="contact-message" name="message" aria-describedby="contact-message-count"></textarea>
<p id="contact-message-count">0<!-- --> / <!-- -->5000<!-- --> characters</p></div>
<button type="submit">Say Hello 👋</button></form></main></div></body></html>`;

const smtp = useSmtp();
let dist: string;
const { serve } = serverPool(() => ({ SMTP_URL: smtp.url, STATIC_DIR: dist }));

beforeAll(async () => {
  dist = await staticDir({
    "index.html": "<!doctype html><title>shell</title>",
    "contact/index.html": TEMPLATE,
  });
});

type Element = DefaultTreeAdapterMap["element"];

/** The element with this id in the page, parsed as a browser would. */
function byId(html: string, id: string): Element | undefined {
  const walk = (node: DefaultTreeAdapterMap["parentNode"]): Element | undefined => {
    for (const child of tree.getChildNodes(node)) {
      if (!tree.isElementNode(child)) continue;
      if (child.attrs.some((attr) => attr.name === "id" && attr.value === id)) return child;
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(parse(html));
}

function textOf(element: Element | undefined): string | undefined {
  if (element === undefined) return undefined;
  return tree
    .getChildNodes(element)
    .map((child) =>
      tree.isTextNode(child)
        ? tree.getTextNodeContent(child)
        : tree.isElementNode(child)
          ? `${textOf(child)} `
          : "",
    )
    .join("");
}

/** What the fields hold in the returned page (the value attributes and the textarea's text). */
function fieldValues(html: string) {
  const value = (id: string) => byId(html, id)?.attrs.find((attr) => attr.name === "value")?.value;
  return {
    name: value("contact-name"),
    email: value("contact-email"),
    message: textOf(byId(html, "contact-message")),
  };
}

function resultText(html: string): string | undefined {
  return textOf(byId(html, RESULT_ID));
}

describe("a valid post", () => {
  test("is stored once and mailed once, and answers the contact page with the server's msg and no scripts", async () => {
    const server = await serve();
    const response = await postForm(server, validMessage);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(resultText(html)).toContain(SENT_MESSAGE);
    expect(html).toContain("<title>Message sent · Contact · Test</title>");
    expect(html).not.toMatch(/<script|modulepreload/);
    // Sent: the form is empty again, as after the modal.
    expect(fieldValues(html)).toEqual({ name: "", email: "", message: "" });

    const stored = storedMessages(server.dataDir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(validMessage);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
    const mail = await parseMail(smtp.mails[0]?.raw ?? "");
    expect(mail.text).toContain(validMessage.message);
    expect(addresses(mail.replyTo)).toEqual([validMessage.email]);
  });

  test("sent again (reload, Back then resubmit) is neither stored nor mailed a second time", async () => {
    const server = await serve();
    const first = await postForm(server, validMessage);
    const again = await postForm(server, validMessage);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(resultText(await again.text())).toContain(SENT_MESSAGE);
    expect(storedMessages(server.dataDir)).toHaveLength(1);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);

    // A different message from the same visitor is a new one.
    await postForm(server, { ...validMessage, message: "And a second question." });
    expect(storedMessages(server.dataDir)).toHaveLength(2);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(2);
  });

  test("without a built contact page, still delivers and answers a bare page that says so", async () => {
    const server = await serve({ STATIC_DIR: await staticDir({}) });
    const response = await postForm(server, validMessage);
    expect(response.status).toBe(200);
    expect(resultText(await response.text())).toContain(SENT_MESSAGE);
    expect(storedMessages(server.dataDir)).toHaveLength(1);
  });

  test("while the mail server is down, the message is stored, its mail queued, and the page says sent", async () => {
    const server = await serve({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    const response = await postForm(server, validMessage);
    expect(response.status).toBe(200);
    expect(resultText(await response.text())).toContain(SENT_MESSAGE);
    expect(storedMessages(server.dataDir)).toHaveLength(1);
    expect(mailJobs(server.dataDir)).toMatchObject([{ state: "pending" }]);
  });

  test("a database that refuses the message: 503 with Retry-After and the text kept, never a 500", async () => {
    const server = await serve();
    // The messages table gone: every save fails inside SQLite.
    const db = new Database(join(server.dataDir, DATABASE_FILE));
    db.exec("DROP TABLE messages");
    db.close();
    const response = await postForm(server, validMessage);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(fieldValues(await response.text())).toEqual(validMessage);
    expect(mailJobs(server.dataDir)).toEqual([]);
  });
});

describe("bad input gets the page back with the text kept", () => {
  test("blank fields: 'Please Fill all Fields!', 400, blank fields marked, nothing stored or mailed", async () => {
    const server = await serve();
    const response = await postForm(server, { name: "  ", email: "zoe@example.com", message: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(resultText(html)).toContain(ui.contact.invalid.empty);
    expect(fieldValues(html)).toEqual({ name: "  ", email: "zoe@example.com", message: "" });
    expect(html).toMatch(/<input id="contact-name"[^>]*aria-invalid="true"/);
    expect(html).not.toMatch(/<input id="contact-email"[^>]*aria-invalid/);
    expect(html).toMatch(
      /<textarea id="contact-message"[^>]*aria-describedby="contact-result contact-message-count"/,
    );
    expect(storedMessages(server.dataDir)).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  test("no fields at all, or a field sent twice, is the same blank-field answer", async () => {
    const server = await serve();
    expect((await postForm(server, {})).status).toBe(400);
    const twice = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "name=a&name=b&email=zoe%40example.com&message=hi",
    });
    expect(twice.status).toBe(400);
    expect(resultText(await twice.text())).toContain(ui.contact.invalid.empty);
    expect(storedMessages(server.dataDir)).toHaveLength(0);
  });

  test("an invalid address: the page's own sentence, and markup in the text comes back escaped", async () => {
    const server = await serve();
    const typed = {
      name: 'Zoë "<b>"',
      email: "zoe@",
      message: "</textarea><script>alert(1)</script> & more",
    };
    const response = await postForm(server, typed);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(resultText(html)).toContain(ui.contact.invalid.email);
    expect(html).not.toContain("<script>alert(1)");
    expect(fieldValues(html)).toEqual(typed);
    expect(html).toContain(`${typed.message.length} / 5000 characters`);
    expect(storedMessages(server.dataDir)).toHaveLength(0);
  });

  test("a body over the limit is refused with 413 before anything is stored", async () => {
    const server = await serve();
    const response = await postForm(server, { ...validMessage, message: "x".repeat(FORM_BODY_LIMIT) });
    expect(response.status).toBe(413);
    expect(resultText(await response.text())).toContain(MESSAGES.tooLarge);
    expect(storedMessages(server.dataDir)).toHaveLength(0);
  });

  test("a body the form never sends (multipart) gets a 415 page that says to send the form again", async () => {
    const server = await serve();
    const body = new FormData();
    for (const [key, value] of Object.entries(validMessage)) body.append(key, value);
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { origin: server.url },
      body,
    });
    expect(response.status).toBe(415);
    expect(resultText(await response.text())).toContain(ui.contact.formUnreadable);
    expect(storedMessages(server.dataDir)).toHaveLength(0);
  });

  test("the longest message the form allows, in three-byte characters, fits the body limit", async () => {
    const server = await serve();
    const response = await postForm(server, { ...validMessage, message: "語".repeat(5000) });
    expect(response.status).toBe(200);
    expect(storedMessages(server.dataDir)[0]?.message).toHaveLength(5000);
  });
});

describe("protection without the API key", () => {
  test("another site's Origin is refused with 403, even when the Host header names it", async () => {
    const server = await serve();
    const callers: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "http://evil.example", host: "evil.example" },
      { origin: "null" },
      { origin: "http://localhost.evil.example" },
    ];
    for (const headers of callers) {
      const response = await postForm(server, validMessage, headers);
      expect(response.status).toBe(403);
      expect(resultText(await response.text())).toContain(MESSAGES.forbiddenOrigin);
    }
    expect(storedMessages(server.dataDir)).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
  });

  test("VITE_SITE_URL's origin and ALLOWED_ORIGINS may post", async () => {
    const server = await serve({
      VITE_SITE_URL: "https://me.example/",
      ALLOWED_ORIGINS: "https://me.web.example",
    });
    for (const origin of ["https://me.example", "https://me.web.example"]) {
      const response = await postForm(server, { ...validMessage, message: `From ${origin}` }, { origin });
      expect(response.status).toBe(200);
    }
    expect(storedMessages(server.dataDir)).toHaveLength(2);
  });

  test("has a per-IP rate limit: past it, 429 with Retry-After, the message and the text kept", async () => {
    const server = await serve({ RATE_LIMIT_MAX: "1" });
    expect((await postForm(server, validMessage)).status).toBe(200);
    const second = { ...validMessage, message: "A second message, too soon." };
    const limited = await postForm(server, second);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(resultText(html)).toMatch(/Too many messages in a short time/);
    expect(fieldValues(html)).toEqual(second);
    expect(storedMessages(server.dataDir)).toHaveLength(1);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
  });

  test("the JSON API still takes JSON only: a urlencoded body there is a 415", async () => {
    const server = await serve();
    const response = await post(server.url, MESSAGES_PATH, undefined, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      raw: new URLSearchParams({ id: crypto.randomUUID(), ...validMessage }),
    });
    expect(response.status).toBe(415);
  });
});

describe("with Firestore configured", () => {
  let emulator: RecordingServer;
  beforeAll(async () => {
    emulator = await startRecordingServer();
  });
  afterAll(async () => {
    await emulator.close();
  });
  /** A server whose save step is the Firestore adapter, pointed at the recording emulator. */
  const serveWithFirestore = () =>
    serve({
      VITE_FIREBASE_API_KEY: "demo-key",
      VITE_FIREBASE_PROJECT_ID: "demo-portfolio",
      VITE_FIREBASE_APP_ID: "demo-app",
      VITE_FIREBASE_EMULATOR_HOST: `127.0.0.1:${emulator.port}`,
    });

  test("saves through the Firestore adapter (users/<id>), not the local store, then mails", async () => {
    emulator.reset((_request, response) =>
      sendJson(response, 200, {
        writeResults: [{ updateTime: "2025-01-01T12:00:00.123456Z" }],
        commitTime: "2025-01-01T12:00:00.123456Z",
      }),
    );
    const server = await serveWithFirestore();
    const response = await postForm(server, validMessage);
    expect(response.status).toBe(200);

    const commits = emulator.requests.filter((request) => request.url.includes("documents:commit"));
    expect(commits).toHaveLength(1);
    const body = JSON.parse(commits[0]?.body ?? "{}") as {
      writes: { update: { name: string; fields: Record<string, { stringValue?: string }> } }[];
    };
    const update = body.writes[0]?.update;
    expect(update?.name).toMatch(
      /\/documents\/users\/[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(update?.fields).toMatchObject({
      Name: { stringValue: validMessage.name },
      Email: { stringValue: validMessage.email },
      Message: { stringValue: validMessage.message },
    });
    expect(storedMessages(server.dataDir)).toHaveLength(0);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
  });

  test("a refusal by the database is a 502 page with the text kept, and no mail", async () => {
    emulator.reset((_request, response) =>
      sendJson(response, 403, { error: { code: 403, message: "denied", status: "PERMISSION_DENIED" } }),
    );
    const server = await serveWithFirestore();
    const response = await postForm(server, validMessage);
    expect(response.status).toBe(502);
    expect(fieldValues(await response.text())).toEqual(validMessage);
    expect(smtp.mails).toHaveLength(0);
  });
});
