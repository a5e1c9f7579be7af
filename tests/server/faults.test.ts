/**
 * The server under faults and abuse, in process on real loopback sockets: trickling and idle
 * clients, spoofed Host and Origin, security headers on every kind of answer, a late SMTP
 * server, spoofing in mail headers.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { TIME_LIMITS } from "../../server/http/connections";
import { SENT_MESSAGE } from "../../server/mail/mail-queue";
import { openDatabase } from "../../server/store/database";
import { startChildServer } from "./child-server";
import {
  addresses,
  listenSmtp,
  MESSAGES_PATH,
  mailFiles,
  NOTIFY_PATH,
  parseMail,
  post,
  queueSettled,
  serverPool,
  startSmtp,
  storedMessages,
  tempDir,
  validMessage,
} from "./helpers";

const { serve } = serverPool();
const sockets: Socket[] = [];

// Registered after the pool's hook, so it runs first: the sockets go before the servers close.
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** A raw TCP connection to the server, optionally from another loopback source address. */
function open(url: string, localAddress?: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: "127.0.0.1",
      port: portOf(url),
      ...(localAddress ? { localAddress } : {}),
    });
    sockets.push(socket);
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Everything the server writes until it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
    });
    socket.on("error", () => resolve(text));
    socket.on("close", () => resolve(text));
  });
}

/** Sends a raw HTTP request and resolves with the raw answer (the request closes the connection). */
async function raw(url: string, request: string): Promise<string> {
  const socket = await open(url);
  const answer = readAll(socket);
  socket.write(request);
  return answer;
}

function headerOf(answer: string, name: string): string | undefined {
  const head = answer.split("\r\n\r\n")[0] ?? "";
  const line = head.split("\r\n").find((entry) => entry.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

describe("time limits and connection caps", () => {
  test("a client trickling its body gets 408 and is closed within 30 s of its first byte", async () => {
    const server = await serve();
    const socket = await open(server.url);
    const answer = readAll(socket);
    const body = JSON.stringify({ id: randomUUID(), ...validMessage });
    const started = Date.now();
    socket.write(
      `POST ${MESSAGES_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `x-api-key: test-key-0123456789\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // One byte a second: never finishes before the server gives up.
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed && sent < body.length) socket.write(body[sent++] ?? "");
    }, 1_000);
    try {
      const text = await answer;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(headerOf(text, "content-security-policy")).toContain("default-src 'self'");
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(sent).toBeLessThan(body.length);
    } finally {
      clearInterval(trickle);
    }
    expect(storedMessages(server.dataDir)).toEqual([]);
    expect(TIME_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(30_000);
  }, 40_000);

  test("idle connections from one address never stop /healthz for another", async () => {
    const server = await serve({ MAX_CONNECTIONS_PER_IP: "20" });
    // 200 idle connections from 127.0.0.1: past the cap, the server closes them at once.
    let closed = 0;
    let enough: () => void = () => {};
    const past = new Promise<void>((resolve) => {
      enough = resolve;
    });
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        const socket = await open(server.url).catch(() => undefined);
        const count = () => {
          closed += 1;
          if (closed === 180) enough();
        };
        if (socket === undefined || socket.destroyed) count();
        else socket.once("close", count);
      }),
    );
    await past;

    const socket = await open(server.url, "127.0.0.2");
    const answer = readAll(socket);
    socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(await answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
    expect(
      sockets.filter((entry) => !entry.destroyed && entry.remoteAddress !== undefined).length,
    ).toBeLessThanOrEqual(21);
  });

  test("40 addresses holding and re-opening 2,000 idle sockets: /healthz and a visitor are still served", async () => {
    // The server in its own process, with its default caps, as in production.
    const dataDir = await tempDir();
    const child = await startChildServer(dataDir, { env: { MAX_CONNECTIONS_PER_IP: "" } });
    let flooding = true;
    let opened = 0;
    const port = portOf(child.url);
    const hold = (localAddress: string) => {
      if (!flooding) return;
      opened += 1;
      const socket = connect({ host: "127.0.0.1", port, localAddress });
      socket.on("error", () => {});
      // Whatever closes it (the per-address cap at once, the header time limit later), it comes back.
      socket.once("close", () => setImmediate(() => hold(localAddress)));
      sockets.push(socket);
    };
    try {
      for (let address = 10; address < 50; address += 1) {
        for (let index = 0; index < 50; index += 1) hold(`127.0.0.${address}`);
      }
      // Served all along: 20 health checks and 5 messages, each once the previous one is answered,
      // from addresses of their own. The flood lasts as long as they do.
      const answered: number[] = [];
      for (let round = 0; round < 25; round += 1) {
        const from = `127.0.0.${round % 5 === 4 ? 3 : 2}`;
        const request =
          round % 5 === 4
            ? `POST ${MESSAGES_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nx-api-key: test-key-0123456789\r\n`
            : `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
        const body = round % 5 === 4 ? JSON.stringify({ id: randomUUID(), ...validMessage }) : "";
        const socket = await open(child.url, from);
        const answer = readAll(socket);
        socket.write(
          `${request}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
        answered.push(Number(/^HTTP\/1\.1 (\d{3})/.exec(await answer)?.[1]));
      }
      expect(answered).toEqual(Array.from({ length: 25 }, (_, round) => (round % 5 === 4 ? 201 : 200)));
      expect(opened).toBeGreaterThan(2_000);
      expect(storedMessages(dataDir)).toHaveLength(5);
    } finally {
      flooding = false;
      for (const socket of sockets.splice(0)) socket.destroy();
      await child.stop();
    }
  }, 120_000);
});

test("a blocked event loop sheds load: 503 with Retry-After, then service again", async () => {
  const server = await serve({ MAX_EVENT_LOOP_DELAY_MS: "50" });
  // Block this process's loop (the server runs in it) for longer than the limit, several times.
  const busy = () => {
    const until = Date.now() + 400;
    while (Date.now() < until) {
      // spinning on purpose
    }
  };
  let shed: Response | undefined;
  for (let attempt = 0; attempt < 20 && shed === undefined; attempt += 1) {
    busy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${server.url}/healthz`);
    if (response.status === 503) shed = response;
  }
  expect(shed?.status).toBe(503);
  expect(shed?.headers.get("retry-after")).toBe("10");
  expect(shed?.headers.get("content-security-policy")).toContain("default-src 'self'");
  expect(await shed?.text()).toBe("The server is busy right now. Please try again in a moment.");
  // Once the loop is free again, answers come back.
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if ((await fetch(`${server.url}/healthz`)).status === 200) break;
  }
}, 30_000);

describe("hosts and origins", () => {
  test("a spoofed Host with a matching Origin is refused and nothing is mailed", async () => {
    const server = await serve();
    const body = JSON.stringify(validMessage);
    const answer = await raw(
      server.url,
      `POST ${NOTIFY_PATH} HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\n` +
        `Content-Type: application/json\r\nx-api-key: test-key-0123456789\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(headerOf(answer, "access-control-allow-origin")).toBeUndefined();
    expect(await mailFiles(server.dataDir)).toEqual([]);
  });

  test("the configured public origin is accepted whatever the Host says", async () => {
    const server = await serve({ VITE_SITE_URL: "https://portfolio.example" });
    const response = await post(server.url, NOTIFY_PATH, validMessage, {
      headers: { origin: "https://portfolio.example" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://portfolio.example");
  });

  test("two Host headers get 400", async () => {
    const server = await serve();
    const answer = await raw(
      server.url,
      "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("more than one Host header");
  });

  test("with TRUST_PROXY listing other proxies, X-Forwarded-For cannot dodge the rate limit", async () => {
    const server = await serve({ TRUST_PROXY: "10.0.0.0/8", RATE_LIMIT_MAX: "5" });
    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await post(
        server.url,
        MESSAGES_PATH,
        { id: randomUUID(), ...validMessage },
        {
          headers: { "x-forwarded-for": `203.0.113.${index}` },
        },
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});

describe("headers on every kind of answer", () => {
  function expectSecurityHeaders(get: (name: string) => string | null | undefined, what: string) {
    const csp = get("content-security-policy") ?? "";
    expect(csp, what).toContain("default-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).not.toContain("unsafe-inline");
    expect(get("x-content-type-options"), what).toBe("nosniff");
    expect(get("permissions-policy"), what).toContain("camera=()");
    expect(get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  }

  test("pages, API answers, Fastify's and Node's own errors", async () => {
    const server = await serve({ NODE_ENV: "production", API_KEY: "test-key-0123456789" });
    const cases: [string, Promise<Response>, number][] = [
      ["healthz", fetch(`${server.url}/healthz`), 200],
      ["page without build", fetch(`${server.url}/`), 503],
      ["unknown path", fetch(`${server.url}/nothing.txt`), 404],
      ["stored", post(server.url, MESSAGES_PATH, { id: randomUUID(), ...validMessage }), 201],
      ["invalid", post(server.url, MESSAGES_PATH, { ...validMessage }), 400],
      ["no key", post(server.url, NOTIFY_PATH, validMessage, { headers: { "x-api-key": undefined } }), 401],
      [
        "other site",
        post(server.url, NOTIFY_PATH, validMessage, { headers: { origin: "https://x.example" } }),
        403,
      ],
      [
        "text body",
        post(server.url, NOTIFY_PATH, "x", { raw: "x", headers: { "content-type": "text/plain" } }),
        415,
      ],
      ["options on a page", fetch(`${server.url}/`, { method: "OPTIONS" }), 204],
    ];
    for (const [what, pending, status] of cases) {
      const response = await pending;
      expect(response.status, what).toBe(status);
      expectSecurityHeaders((name) => response.headers.get(name), what);
      expect(response.headers.get("strict-transport-security"), what).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }

    const badUrl = await raw(
      server.url,
      "GET /%zz%E0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
    );
    expect(badUrl).toMatch(/^HTTP\/1\.1 (400|404) /);
    expect(badUrl).not.toContain("%zz");
    expectSecurityHeaders((name) => headerOf(badUrl, name), "bad URL");

    const unreadable = await raw(server.url, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n");
    expect(unreadable).toMatch(/^HTTP\/1\.1 400 /);
    expectSecurityHeaders((name) => headerOf(unreadable, name), "unparsable request");
  });

  test("OPTIONS on a page is answered with what the page allows, not an API-key question", async () => {
    const server = await serve();
    const response = await fetch(`${server.url}/`, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await response.text()).toBe("");
  });
});

describe("mail", () => {
  test("an SMTP server that accepts late, and a retry meanwhile, give one mail and one success", async () => {
    let release: () => void = () => {};
    const accepted = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const mails: Buffer[] = [];
    // The mail is taken, but the answer comes only when the test says so.
    const smtp = await listenSmtp(({ raw, accept }) => {
      mails.push(raw);
      arrived();
      void accepted.then(accept);
    });
    try {
      const server = await serve({ SMTP_URL: smtp.url });
      const headers = { "idempotency-key": randomUUID() };
      // Recorded, so answered at once: the queue sends in the background.
      const answer = await post(server.url, NOTIFY_PATH, validMessage, { headers });
      expect({ status: answer.status, body: await answer.json() }).toEqual({
        status: 200,
        body: { success: true, msg: SENT_MESSAGE },
      });
      await first;

      // The client retries while the SMTP server is still thinking: the same answer, no second send.
      const retry = await post(server.url, NOTIFY_PATH, validMessage, { headers });
      expect(retry.status).toBe(200);
      release();
      await queueSettled(server);
      expect(mails).toHaveLength(1);
    } finally {
      release();
      await smtp.close();
    }
  });

  test("the .eml files of DATA_DIR/outbox move to DATA_DIR/mail; a crash's temporary files go; mails are whole", async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, "outbox"), { recursive: true });
    const stray = join(dataDir, "outbox", ".2026-01-01T00-00-00-000Z-owner-abc.eml.1234abcd.tmp");
    await writeFile(stray, "half a mail");
    await writeFile(join(dataDir, "outbox", "2026-01-01T00-00-00-000Z-owner-abc.eml"), "an old mail");
    const server = await serve({ DATA_DIR: dataDir });
    expect(await readdir(dataDir)).not.toContain("outbox");
    expect((await post(server.url, NOTIFY_PATH, validMessage)).status).toBe(200);
    await queueSettled(server);
    expect(await readdir(join(dataDir, "mail"))).toEqual(await mailFiles(dataDir));
    expect(await mailFiles(dataDir)).toHaveLength(2);
  });

  test("encoded-words and bidi characters in a name never reach the Subject or Reply-To", async () => {
    const smtp = await startSmtp();
    try {
      const spoof = `=?utf-8?B?${Buffer.from("Your Bank").toString("base64")}?=`;
      const name = `Eve ${spoof} \u202Egnp.exe\u202C`;
      // The API refuses format characters in a name now; a mail queued before it did still goes out.
      const dataDir = await tempDir();
      const { db } = openDatabase(dataDir);
      db.prepare(
        "INSERT INTO mail_queue (key, fingerprint, state, payload, created_at, next_attempt_at) VALUES (?, '', 'pending', ?, ?, ?)",
      ).run(randomUUID(), JSON.stringify({ ...validMessage, name }), Date.now(), Date.now());
      db.close();
      await serve({ SMTP_URL: smtp.url, DATA_DIR: dataDir });
      await smtp.arrived(1);
      const mail = await parseMail(smtp.mails[0]?.raw ?? "");
      expect(mail.subject).not.toContain("Your Bank");
      expect(mail.subject).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(mail.subject).toContain("Eve");
      const replyTo = mail.replyTo?.value[0];
      expect(replyTo?.name).not.toContain("Your Bank");
      expect(replyTo?.name).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(addresses(mail.replyTo)).toEqual([validMessage.email]);
    } finally {
      await smtp.close();
    }
  });
});
