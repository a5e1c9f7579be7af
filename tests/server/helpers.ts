/**
 * Test helpers for the notification server: temp dirs, a real SMTP sink (smtp-server), a real
 * server on loopback, and a JSON POST with the test key.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { loadConfig } from "../../server/config";
import { CONTACT_FORM_PATH } from "../../server/contact/form-route";
import { buildServer, type ServerOverrides } from "../../server/http/build-server";
import { MAIL_DIR } from "../../server/mail/mailer";
import { API_KEY_HEADER, MESSAGES_PATH, NOTIFY_PATH } from "../../src/shared/contact/protocol";
import { type CapturedMail, dropConnections, listenSmtp } from "../support/smtp";
import { mailJobs } from "../support/stored-messages";

export { MESSAGES_PATH, NOTIFY_PATH };

export const API_KEY = "test-key-0123456789";
export const OWNER_EMAIL = "owner@example.com";

const tempDirs: string[] = [];

export async function tempDir(prefix = "portfolio-server-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** A static dir with the given files (path -> content). */
export async function staticDir(files: Record<string, string | Uint8Array>): Promise<string> {
  const root = await tempDir("portfolio-dist-");
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

export interface SmtpSink {
  url: string;
  mails: CapturedMail[];
  /** Every mail that reached the server, accepted or refused, in order. */
  arrivals: CapturedMail[];
  /** How the next mails are answered: accepted (the default), or refused with this SMTP code. */
  answer: "accept" | number;
  /** Resolves once `count` mails have reached the server (accepted or refused). */
  arrived(count: number): Promise<void>;
  /**
   * Holds the next mail once its data has arrived: it is neither accepted nor in `mails` until
   * `release()`. Resolves when that mail arrives, so a test can act while a send is in flight.
   */
  holdNext(): Promise<{ release(): void }>;
  /** Stops listening: the port refuses connections, or with "drop" cuts each one before greeting. */
  stop(how?: "refuse" | "drop"): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtp(): Promise<SmtpSink> {
  let hold: ((held: { release(): void }) => void) | undefined;
  let waiters: { count: number; done(): void }[] = [];
  const receive: Parameters<typeof listenSmtp>[0] = ({ accept: answer, refuse, ...mail }) => {
    sink.arrivals.push(mail);
    for (const waiter of waiters.filter(({ count }) => sink.arrivals.length >= count)) waiter.done();
    waiters = waiters.filter(({ count }) => sink.arrivals.length < count);
    if (sink.answer !== "accept") return refuse(sink.answer);
    const accept = () => {
      sink.mails.push(mail);
      answer();
    };
    const held = hold;
    hold = undefined;
    if (held === undefined) accept();
    else held({ release: accept });
  };
  let listener = await listenSmtp(receive);
  let dropper: { close(): Promise<void> } | undefined;
  const sink: SmtpSink = {
    url: listener.url,
    mails: [],
    arrivals: [],
    answer: "accept",
    arrived: (count) =>
      new Promise((done) => {
        if (sink.arrivals.length >= count) done();
        else waiters.push({ count, done });
      }),
    holdNext: () =>
      new Promise((resolve) => {
        hold = resolve;
      }),
    async stop(how = "refuse") {
      await listener.close();
      if (how === "drop") dropper = await dropConnections(listener.port);
    },
    async start() {
      await dropper?.close();
      dropper = undefined;
      listener = await listenSmtp(receive, listener.port);
    },
    close: async () => {
      await dropper?.close();
      await listener.close();
    },
  };
  return sink;
}

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds and starts the server on 127.0.0.1:0 with a test key, a temp DATA_DIR, no static dir
 * (unless given), silent logs and a generous rate limit; `env` overrides any of it.
 */
export async function startServer(
  env: Record<string, string | undefined> = {},
  overrides: ServerOverrides = {},
): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? (await tempDir());
  const config = loadConfig({
    API_KEY,
    OWNER_EMAIL,
    LOG_LEVEL: "silent",
    RATE_LIMIT_MAX: "100000",
    // The suites share a busy machine with their own test runner: load shedding is tested on its own.
    MAX_EVENT_LOOP_DELAY_MS: "0",
    // Many requests at once from 127.0.0.1, and many mails: those limits are tested on their own.
    MAX_CONNECTIONS_PER_IP: "1000",
    ALERT_LIMIT: "100000/1h",
    STATIC_DIR: join(dataDir, "no-dist-here"),
    ...env,
    DATA_DIR: dataDir,
  });
  const app = await buildServer(config, overrides);
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url, dataDir, close: () => app.close() };
}

export const validMessage = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  message: "Hello! I would like to talk about a project.",
};

export interface PostOptions {
  headers?: Record<string, string | undefined>;
  /** A raw string body, sent as is (instead of JSON.stringify(body)). */
  raw?: string | URLSearchParams;
}

/** POSTs JSON with the test key; headers set to undefined are left out. */
export function post(
  base: string,
  path: string,
  body: unknown,
  options: PostOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  const wanted: Record<string, string | undefined> = {
    "content-type": "application/json",
    [API_KEY_HEADER]: API_KEY,
    ...options.headers,
  };
  for (const [name, value] of Object.entries(wanted)) if (value !== undefined) headers[name] = value;
  return fetch(`${base}${path}`, {
    method: "POST",
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
}

/** What a browser sends for the no-JavaScript form: urlencoded fields and the page's Origin. */
export function postForm(
  server: { url: string },
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: server.url },
): Promise<Response> {
  return fetch(`${server.url}${CONTACT_FORM_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** The .eml files the server wrote to DATA_DIR/mail/ (no SMTP_URL), sorted. */
export async function mailFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, MAIL_DIR))).filter((name) => name.endsWith(".eml")).sort();
  } catch {
    return [];
  }
}

export function parseMail(raw: Buffer | string): Promise<ParsedMail> {
  return simpleParser(raw);
}

/** The plain addresses of a parsed address header. */
export function addresses(field: ParsedMail["to"]): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? ""));
}

export { closedPort } from "../support/net";
export { listenSmtp } from "../support/smtp";
export { mailJobs, storedMessages } from "../support/stored-messages";

/** Resolves once the server's mail queue has nothing left to send now (each job sent, failed or waiting). */
export async function queueSettled(server: { dataDir: string }): Promise<void> {
  const busy = () =>
    mailJobs(server.dataDir).filter(
      (job) => job.state === "pending" && (job.next_attempt_at ?? 0) <= Date.now(),
    );
  await expect.poll(() => busy().length, { timeout: 20_000 }).toBe(0);
}

/**
 * The SMTP sink of one suite: started before the suite, emptied before each test, closed after
 * the suite. The returned sink reads through to the one started, so it can be used at any time.
 */
export function useSmtp(): SmtpSink {
  let sink: SmtpSink | undefined;
  const started = (): SmtpSink => {
    if (sink === undefined) throw new Error("The SMTP sink is started in beforeAll.");
    return sink;
  };
  beforeAll(async () => {
    sink = await startSmtp();
  });
  beforeEach(() => {
    started().mails.length = 0;
    started().arrivals.length = 0;
    started().answer = "accept";
  });
  afterAll(async () => {
    await sink?.close();
  });
  return {
    get url() {
      return started().url;
    },
    get mails() {
      return started().mails;
    },
    get arrivals() {
      return started().arrivals;
    },
    get answer() {
      return started().answer;
    },
    set answer(value) {
      started().answer = value;
    },
    arrived: (count) => started().arrived(count),
    holdNext: () => started().holdNext(),
    stop: (how) => started().stop(how),
    start: () => started().start(),
    close: () => started().close(),
  };
}

interface ServerPool {
  /** Starts a server with the pool's env under `env`; it is closed after the test. */
  serve(env?: Record<string, string | undefined>, overrides?: ServerOverrides): Promise<TestServer>;
  /** Servers started elsewhere, closed after the test like the pool's own. */
  keep<T extends TestServer[]>(...started: T): T;
  /** Closes one server now (it is no longer closed after the test). */
  stop(server: TestServer): Promise<void>;
}

/**
 * The servers of one suite: each is closed after its test, and the temp dirs are removed after
 * the suite. `defaults` is the env every server starts with, read when it starts.
 */
export function serverPool(defaults: () => Record<string, string | undefined> = () => ({})): ServerPool {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  afterAll(async () => {
    await removeTempDirs();
  });
  const keep = <T extends TestServer[]>(...started: T): T => {
    servers.push(...started);
    return started;
  };
  return {
    serve: async (env = {}, overrides = {}) => {
      const [server] = keep(await startServer({ ...defaults(), ...env }, overrides));
      return server;
    },
    keep,
    stop: async (server) => {
      servers.splice(servers.indexOf(server), 1);
      await server.close();
    },
  };
}
