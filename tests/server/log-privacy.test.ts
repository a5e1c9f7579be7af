/**
 * The server's log, captured from the stdout of a real server process at the default level:
 * nothing a visitor typed, no page's query string and no e-mail address gets in, whatever the
 * request did (form post, JSON call, GET with fields in the query, a failed mail). JSON lines
 * when stdout is a pipe, pretty lines when it is a terminal.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { SMTPServer } from "smtp-server";
import { API_KEY, NOTIFY_PATH, OWNER_EMAIL, post, removeTempDirs, staticDir, tempDir } from "./helpers";

const ROOT = resolve(import.meta.dirname, "../..");
const CONTACT_PAGE = `<!doctype html><html lang="en"><head><title>Contact</title></head><body><form method="post" action="/contact">
<h1 id="contact-title">Let's Talk</h1><input id="contact-name" name="name"><input id="contact-email" name="email">
<textarea id="contact-message" name="message"></textarea></form></body></html>`;

/** What the visitor types: distinctive enough that any trace of it in the log is found. */
const VISITOR = {
  name: "Quentin Logprobe",
  email: "quentin.logprobe@example.net",
  message: "Confidential note 7f3a9c: please call me back",
};

const children: ChildProcess[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let rejectNextRecipient = true;

beforeAll(async () => {
  // A real SMTP server that turns the first recipient away, naming the address in its answer,
  // as real ones do: the mailer's error then carries an e-mail address.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejectNextRecipient) {
        rejectNextRecipient = false;
        const error = Object.assign(new Error(`<${address.address}>: Recipient address rejected`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((done) => smtp.listen(0, "127.0.0.1", done));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
  }
});

afterAll(async () => {
  await new Promise<void>((done) => smtp.close(() => done()));
  await removeTempDirs();
});

async function serverEnv(): Promise<Record<string, string>> {
  return {
    PATH: process.env.PATH ?? "",
    // Not "test": that would silence the log. The default level is what is checked.
    NODE_ENV: "development",
    PORT: "0",
    DATA_DIR: await tempDir(),
    STATIC_DIR: await staticDir({
      "index.html": "<!doctype html><title>x</title>",
      "contact/index.html": CONTACT_PAGE,
    }),
    API_KEY,
    OWNER_EMAIL,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
}

/** Starts `command` in its own process group, collecting everything it prints. */
function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  children.push(child);
  let output = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((done) => child.on("exit", () => done()));
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((done, fail) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match !== null) done(match);
      };
      listeners.add(check);
      void exited.then(() => fail(new Error(`exited before ${pattern}: ${output}`)));
      check();
    });
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
    await exited;
    return output;
  };
  return { waitFor, stop };
}

function postForm(url: string, fields: Record<string, string>, origin = url): Promise<Response> {
  return fetch(`${url}/contact`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(fields),
  });
}

/** Each value as it could appear: as typed, percent-encoded, form-encoded, JSON-escaped. */
function traces(value: string): string[] {
  return [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
  ];
}

test("no typed value, query string or e-mail address reaches the log at the default level", async () => {
  const server = run(process.execPath, ["--import", "tsx", "server/serve.ts"], await serverEnv());
  const [, url = ""] = await server.waitFor(/ready at (http:\/\/127\.0\.0\.1:\d+)/);

  // 1. The form, its mail refused by the SMTP server (an error naming an address is logged).
  expect((await postForm(url, VISITOR)).status).toBe(200);
  await server.waitFor(/could not send a mail/);
  // 2. The same form again; 3. with a bad address; 4. from another site.
  expect((await postForm(url, VISITOR)).status).toBe(200);
  expect((await postForm(url, { ...VISITOR, email: "quentin.logprobe@" })).status).toBe(400);
  expect((await postForm(url, VISITOR, "https://elsewhere.example")).status).toBe(403);
  // 5. The JSON API, accepted and refused.
  expect((await post(url, NOTIFY_PATH, { ...VISITOR, message: `${VISITOR.message} (json)` })).status).toBe(
    200,
  );
  expect((await post(url, NOTIFY_PATH, { ...VISITOR, extra: VISITOR.email })).status).toBe(400);
  // 6. The old bug: a GET with the fields in the query string; 7. an address in a path.
  const query = new URLSearchParams(VISITOR).toString();
  expect((await fetch(`${url}/contact?${query}`)).status).toBeLessThan(500);
  expect((await fetch(`${url}/${VISITOR.email}/x?${query}`)).status).toBe(404);

  const log = await server.stop();
  const lines = log.split("\n").filter((line) => line.trim() !== "");
  // A pipe is not a terminal: one JSON object a line.
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  // The log did record these requests (so the search below searches something) ...
  const urls = entries.map((entry) => (entry.req as { url?: string } | undefined)?.url).filter(Boolean);
  expect(urls).toContain("/contact?[redacted]");
  expect(urls).toContain("/[email]/x?[redacted]");
  const mailError = entries.find((entry) => entry.msg === "could not send a mail; it stays in the queue");
  expect(JSON.stringify(mailError?.err)).toContain("<[email]>: Recipient address rejected");

  // ... and holds nothing of what was typed.
  for (const value of [
    VISITOR.name,
    VISITOR.email,
    VISITOR.message,
    "quentin.logprobe",
    OWNER_EMAIL,
    query,
  ]) {
    for (const trace of traces(value)) expect(log).not.toContain(trace);
  }
  expect(log).not.toMatch(/[\w.+-]+(@|%40)[\w-]+\.[a-z]{2,}/i);
}, 90_000);

test("on a terminal the log is pretty lines, not JSON", async () => {
  // `script` gives the server a pseudo-terminal as stdout.
  const env = await serverEnv();
  const server = run(
    "script",
    ["-qec", `"${process.execPath}" --import tsx server/serve.ts`, "/dev/null"],
    env,
  );
  await server.waitFor(/ready at http:\/\/127\.0\.0\.1:\d+/);
  const log = await server.stop();
  expect(log).toMatch(/INFO.*Portfolio server ready at/);
  expect(log).not.toMatch(/^\s*\{"level"/m);
}, 90_000);
