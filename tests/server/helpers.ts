/**
 * Test helpers for the notification server: temp dirs, a real SMTP sink (smtp-server), a real
 * server on loopback, and a JSON POST with the test key.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { buildServer, type ServerOverrides } from "../../server/app";
import { loadConfig } from "../../server/config";
import { API_KEY_HEADER, MESSAGES_PATH, NOTIFY_PATH } from "../../src/shared/contact/protocol";

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
export async function staticDir(files: Record<string, string>): Promise<string> {
  const root = await tempDir("portfolio-dist-");
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

export interface CapturedMail {
  raw: Buffer;
  from: string | undefined;
  to: string[];
}

export interface SmtpSink {
  url: string;
  mails: CapturedMail[];
  /**
   * Holds the next mail once its data has arrived: it is neither accepted nor in `mails` until
   * `release()`. Resolves when that mail arrives, so a test can act while a send is in flight.
   */
  holdNext(): Promise<{ release(): void }>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtp(): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  let hold: ((held: { release(): void }) => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        const accept = () => {
          mails.push({
            raw: Buffer.concat(chunks),
            from: mailFrom === false ? undefined : mailFrom.address,
            to: rcptTo.map((rcpt) => rcpt.address),
          });
          callback();
        };
        const held = hold;
        hold = undefined;
        if (held === undefined) accept();
        else held({ release: accept });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    holdNext: () =>
      new Promise((resolve) => {
        hold = resolve;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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

export async function outboxFiles(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, "outbox"))).filter((name) => name.endsWith(".eml")).sort();
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
export { storedMessages } from "../support/stored-messages";
