/**
 * POST /email/send-notification end to end: real HTTP on loopback, a real SMTP server, mails
 * parsed with mailparser.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import {
  addresses,
  mailFiles,
  mailJobs,
  NOTIFY_PATH,
  OWNER_EMAIL,
  parseMail,
  post,
  queueSettled,
  serverPool,
  tempDir,
  useSmtp,
  validMessage,
} from "./helpers";

const smtp = useSmtp();
const { serve, stop } = serverPool(() => ({ SMTP_URL: smtp.url }));

describe("a successful send", () => {
  test("answers 200 with a friendly sentence and mails the owner once", async () => {
    const server = await serve();
    const response = await post(server.url, NOTIFY_PATH, validMessage);

    expect(response.status).toBe(200);
    await queueSettled(server);
    expect(await response.json()).toEqual({ success: true, msg: SENT_MESSAGE });
    expect(smtp.mails).toHaveLength(1);
    const [sent] = smtp.mails;
    expect(sent?.to).toEqual([OWNER_EMAIL]);

    const mail = await parseMail(sent?.raw ?? "");
    expect(addresses(mail.to)).toEqual([OWNER_EMAIL]);
    expect(addresses(mail.replyTo)).toEqual([validMessage.email]);
    expect(mail.subject).toBe(`New portfolio message from ${validMessage.name}`);
    expect(mail.text).toContain(validMessage.message);
    expect(mail.text).toContain(validMessage.email);
    expect(mail.html).toContain(validMessage.message);
  });

  test("unicode and emoji arrive intact in the subject and the bodies", async () => {
    const server = await serve();
    const name = "Zoë 🚀 日本語 Ünïcödé ✉️";
    const message = "Grüße aus Köln! 🎉 こんにちは — “quotes” ✉️\nSecond line: Ünïcödé";
    const response = await post(server.url, NOTIFY_PATH, { ...validMessage, name, message });

    expect(response.status).toBe(200);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
    const mail = await parseMail(smtp.mails[0]?.raw ?? "");
    expect(mail.subject).toBe(`New portfolio message from ${name}`);
    expect(mail.text).toContain(message);
    expect(mail.text).toContain(`Name: ${name}`);
    expect(mail.html).toContain("Grüße aus Köln! 🎉 こんにちは");
    expect(mail.replyTo?.value[0]?.name).toBe(name);
  });

  test("HTML and script in the message are accepted and escaped in the HTML body", async () => {
    const server = await serve();
    const message = `<script>alert("x")</script> <img src=x onerror='alert(1)'> & done`;
    const name = `<b>Bold</b> "Mallory" & 'co'`;
    const response = await post(server.url, NOTIFY_PATH, { ...validMessage, name, message });

    expect(response.status).toBe(200);
    await queueSettled(server);
    const mail = await parseMail(smtp.mails[0]?.raw ?? "");
    const html = mail.html === false ? "" : mail.html;
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&#39;alert(1)&#39;&gt; &amp; done");
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt; &quot;Mallory&quot; &amp; &#39;co&#39;");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>");
    // The plain-text part carries the text as typed.
    expect(mail.text).toContain(message);
  });

  test("CR/LF in the message body never becomes a header", async () => {
    const server = await serve();
    const message = "Hello\r\nBcc: evil@example.com\r\nSubject: spam\r\n\r\nbody";
    const response = await post(server.url, NOTIFY_PATH, { ...validMessage, message });

    expect(response.status).toBe(200);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
    const [sent] = smtp.mails;
    expect(sent?.to).toEqual([OWNER_EMAIL]);
    const mail = await parseMail(sent?.raw ?? "");
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.bcc).toBeUndefined();
    expect(mail.cc).toBeUndefined();
    expect(addresses(mail.to)).toEqual([OWNER_EMAIL]);
    expect(mail.subject).toBe(`New portfolio message from ${validMessage.name}`);
  });

  test("header injection in name or email is refused and nothing is sent", async () => {
    const server = await serve();
    for (const body of [
      { ...validMessage, name: "x\r\nBcc: evil@example.com" },
      { ...validMessage, email: "x\r\nBcc: evil@example.com" },
      { ...validMessage, email: "ada@example.com\nBcc: evil@example.com" },
    ]) {
      const response = await post(server.url, NOTIFY_PATH, body);
      expect(response.status).toBe(400);
    }
    expect(mailJobs(server.dataDir)).toEqual([]);
  });
});

describe("rate limit", () => {
  test("a burst past RATE_LIMIT_MAX gets 429 with Retry-After and sends no extra mail", async () => {
    const server = await serve({ RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_MS: "60000" });
    expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
    expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);

    const limited = await post(server.url, NOTIFY_PATH, validMessage);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const answer = (await limited.json()) as { success: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(/^Too many messages/);

    expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(429);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(2);
  });
});

describe("idempotency", () => {
  test("a repeated key returns the first answer and sends one mail", async () => {
    const server = await serve();
    const headers = { "idempotency-key": "7d0c2b9e-4b7a-4a8e-9a61-0f6f0e9f4a11" };
    const first = await post(server.url, NOTIFY_PATH, validMessage, { headers });
    const second = await post(server.url, NOTIFY_PATH, validMessage, { headers });

    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(await first.json());
    expect(first.status).toBe(200);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
  });

  test("two concurrent requests with one key send one mail", async () => {
    const server = await serve();
    const headers = { "idempotency-key": "concurrent-key-1" };
    const [a, b] = await Promise.all([
      post(server.url, NOTIFY_PATH, validMessage, { headers }),
      post(server.url, NOTIFY_PATH, validMessage, { headers }),
    ]);

    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
  });

  test("different keys send different mails", async () => {
    const server = await serve();
    await post(server.url, NOTIFY_PATH, validMessage, { headers: { "idempotency-key": "key-a" } });
    await post(server.url, NOTIFY_PATH, validMessage, { headers: { "idempotency-key": "key-b" } });
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(2);
  });

  test("a key reused for a different message is refused with 422 and sends nothing", async () => {
    const server = await serve();
    const headers = { "idempotency-key": "reused-key" };
    expect((await post(server.url, NOTIFY_PATH, validMessage, { headers })).status).toBe(200);
    const reused = await post(
      server.url,
      NOTIFY_PATH,
      { ...validMessage, message: "Another one" },
      { headers },
    );

    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { success: boolean }).success).toBe(false);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
  });

  test("keys survive a restart with the same DATA_DIR", async () => {
    const dataDir = await tempDir();
    const headers = { "idempotency-key": "restart-key-42" };
    const before = await serve({ DATA_DIR: dataDir });
    const first = await post(before.url, NOTIFY_PATH, validMessage, { headers });
    const firstBody: unknown = await first.json();
    await queueSettled(before);
    await stop(before);

    const after = await serve({ DATA_DIR: dataDir });
    const again = await post(after.url, NOTIFY_PATH, validMessage, { headers });

    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(firstBody);
    await queueSettled(after);
    expect(smtp.mails).toHaveLength(1);
  });
});

describe("mail delivery options", () => {
  test("without SMTP_URL the mail is written as an .eml file to DATA_DIR/mail", async () => {
    const server = await serve({ SMTP_URL: undefined });
    const message = "Written to disk 📨 <not html>";
    const response = await post(server.url, NOTIFY_PATH, { ...validMessage, message });

    expect(response.status).toBe(200);
    await queueSettled(server);
    const files = await mailFiles(server.dataDir);
    expect(files).toHaveLength(1);
    const mail = await parseMail(await readFile(join(server.dataDir, "mail", files[0] ?? "")));
    expect(addresses(mail.to)).toEqual([OWNER_EMAIL]);
    expect(mail.text).toContain(message);
    expect(mail.subject).toBe(`New portfolio message from ${validMessage.name}`);
    expect(smtp.mails).toHaveLength(0);
  });

  test("AUTO_REPLY=true also thanks the visitor, without echoing what they typed", async () => {
    const server = await serve({ AUTO_REPLY: "true" });
    const response = await post(server.url, NOTIFY_PATH, validMessage);

    expect(response.status).toBe(200);
    await smtp.arrived(2);
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails.map((mail) => mail.to)).toEqual([[OWNER_EMAIL], [validMessage.email]]);
    const reply = await parseMail(smtp.mails[1]?.raw ?? "");
    expect(addresses(reply.to)).toEqual([validMessage.email]);
    expect(reply.headers.get("auto-submitted")).toBe("auto-replied");
    expect(reply.text).not.toContain(validMessage.message);
    expect(reply.text).not.toContain(validMessage.name);
  });

  test("auto-reply is off by default", async () => {
    const server = await serve();
    await post(server.url, NOTIFY_PATH, validMessage);
    await queueSettled(server);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual([OWNER_EMAIL]);
  });
});

describe("origins", () => {
  test("an allowed origin gets CORS headers on the preflight and the POST", async () => {
    const origin = "https://portfolio.example";
    const server = await serve({ ALLOWED_ORIGINS: `${origin},https://other.example` });
    const preflight = await fetch(`${server.url}${NOTIFY_PATH}`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-api-key,idempotency-key",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("x-api-key");

    const response = await post(server.url, NOTIFY_PATH, validMessage, { headers: { origin } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(origin);
  });

  test("the server's own origin is accepted; another origin gets no CORS header", async () => {
    const server = await serve();
    const same = await post(server.url, NOTIFY_PATH, validMessage, { headers: { origin: server.url } });
    expect(same.status).toBe(200);
    await queueSettled(server);

    const preflight = await fetch(`${server.url}${NOTIFY_PATH}`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(smtp.mails).toHaveLength(1);
  });
});
