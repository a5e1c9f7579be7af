/**
 * The server's configuration: read from the environment once, validated, typed.
 * Nothing else in server/ reads process.env.
 */
import { resolve } from "node:path";
import { type ClientConfig, parseConfig } from "../src/config/parse-config";
import { profile } from "../src/content/profile";
import { DEV_API_KEY } from "../src/shared/contact/protocol";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface MailAddress {
  name: string;
  address: string;
}

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (portfolio.db, outbox/). */
  dataDir: string;
  /** Absolute path of the built app (`dist/`). */
  staticDir: string;
  apiKey: string;
  /** True when no API_KEY was given and the development key is used. */
  usingDevApiKey: boolean;
  /** Origins (scheme://host[:port]) allowed to call the API cross-origin. */
  allowedOrigins: string[];
  /**
   * The site's public origins (VITE_SITE_URL's origin and ALLOWED_ORIGINS): the only origins a
   * browser may call the API from, besides loopback on the server's own port outside production.
   * The Host header is never trusted for this.
   */
  publicOrigins: string[];
  /** SMTP connection URL; undefined = write .eml files to DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  ownerEmail: string;
  mailFrom: MailAddress;
  autoReply: boolean;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /**
   * Who may set X-Forwarded-For: false (nobody), a hop count (that many proxies in front; the port
   * must only be reachable through them) or a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy: false | number | string;
  /** Days a stored message is kept (purged on start and daily); 0 keeps them forever. */
  messageRetentionDays: number;
  /** Open connections at most, and per client address (the latter not behind a trusted proxy). */
  maxConnections: number;
  maxConnectionsPerIp: number;
  /** Event-loop delay (ms) past which requests get 503 with Retry-After; 0 turns the check off. */
  maxEventLoopDelayMs: number;
  nodeEnv: string;
  production: boolean;
  logLevel: LogLevel;
  /** Origins added to the CSP's connect-src besides 'self'. */
  connectSrc: string[];
  /** Send Strict-Transport-Security (production only: it is useless on plain-HTTP localhost). */
  hsts: boolean;
  /**
   * The build's client settings (the same VITE_* variables, read the same way): the contact form
   * posted without JavaScript is saved with the same adapter the page uses (Firestore when
   * configured), and VITE_SITE_URL's origin may post it.
   */
  client: Pick<ClientConfig, "firebase" | "firestoreEmulator" | "siteUrl">;
  /** redis:// or rediss:// URL; set = rate limits, idempotency records and mail jobs are shared there. */
  redisUrl: string | undefined;
  /** With REDIS_URL: how long an instance's claim on a mail job lasts without renewal (crash takeover). */
  mailLeaseMs: number;
  /** The built page saves messages to Firestore (VITE_FIREBASE_PROJECT_ID set), not to this server. */
  messagesInFirestore: boolean;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const FIRESTORE_ORIGIN = "https://firestore.googleapis.com";
/** A plain addr-spec check for configuration values (the request schema uses ajv-formats). */
const EMAIL_RE = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;
const API_KEY_RE = /^[\x21-\x7e]{8,512}$/;

/** An env value, with empty and whitespace-only strings treated as unset. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === "" ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return Number(raw);
}

function boolean(env: Env, name: string): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined || raw === "false" || raw === "0" || raw === "no" || raw === "off") return false;
  if (raw === "true" || raw === "1" || raw === "yes" || raw === "on") return true;
  throw new ConfigError(`${name} must be "true" or "false" (got "${raw}").`);
}

function email(env: Env, name: string, fallback: string): string {
  const value = read(env, name) ?? fallback;
  if (!EMAIL_RE.test(value)) throw new ConfigError(`${name} must be an e-mail address (got "${value}").`);
  return value;
}

/** "https://example.com" from "https://example.com/" or "https://example.com"; throws otherwise. */
function origin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name}: "${value}" is not a URL such as https://example.com.`);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin === "null") {
    throw new ConfigError(`${name}: "${value}" must be an http(s) origin such as https://example.com.`);
  }
  return url.origin;
}

function allowedOrigins(env: Env): string[] {
  const raw = read(env, "ALLOWED_ORIGINS");
  if (raw === undefined) return [];
  const origins = raw
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  for (const part of origins) {
    if (part === "*") {
      throw new ConfigError(
        'ALLOWED_ORIGINS must list origins; "*" is not accepted (it would allow any site).',
      );
    }
    const normalized = origin(part, "ALLOWED_ORIGINS");
    if (normalized !== part.replace(/\/$/, "")) {
      throw new ConfigError(
        `ALLOWED_ORIGINS: "${part}" must be an origin only (scheme://host[:port]), no path.`,
      );
    }
  }
  return [...new Set(origins.map((part) => origin(part, "ALLOWED_ORIGINS")))];
}

/**
 * A service URL setting (SMTP_URL, REDIS_URL): unset, or a URL with one of its two schemes
 * (smtp/smtps, redis/rediss) and a host name; `example` is shown when it does not parse.
 */
function serviceUrl(
  env: Env,
  name: "SMTP_URL" | "REDIS_URL",
  schemes: readonly [string, string],
  example: string,
): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${example}.`);
  }
  if (!schemes.some((scheme) => url.protocol === `${scheme}:`)) {
    throw new ConfigError(`${name} must start with ${schemes[0]}:// or ${schemes[1]}://.`);
  }
  if (url.hostname === "") throw new ConfigError(`${name} has no host name.`);
  return raw;
}

function smtpUrl(env: Env): string | undefined {
  return serviceUrl(env, "SMTP_URL", ["smtp", "smtps"], "smtp://user:pass@smtp.example.com:587");
}

/** MAIL_FROM as "Name <address>" or "address"; default: "<brand> <no-reply@<owner's domain>>". */
function mailFrom(env: Env, ownerEmail: string): MailAddress {
  const raw = read(env, "MAIL_FROM");
  if (raw === undefined) {
    const domain = ownerEmail.slice(ownerEmail.lastIndexOf("@") + 1);
    return { name: `${profile.brand} contact form`, address: `no-reply@${domain}` };
  }
  const match = /^(?:"?([^"<>\r\n]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const address = match?.[2] ?? match?.[3];
  if (match === null || address === undefined || !EMAIL_RE.test(address)) {
    throw new ConfigError(
      `MAIL_FROM must be "Name <address@example.com>" or "address@example.com" (got "${raw}").`,
    );
  }
  return { name: match[1]?.trim() ?? "", address };
}

/**
 * A hop count or a list of proxy addresses. `true` (any peer may claim any client address, so
 * every client picks its own rate-limit key) is refused.
 */
function trustProxy(env: Env): false | number | string {
  const raw = read(env, "TRUST_PROXY");
  if (raw === undefined || /^(false|0|no|off)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) {
    throw new ConfigError(
      "TRUST_PROXY=true is refused: it would let every client choose its own address (and rate-limit key) through X-Forwarded-For. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. loopback,10.1.0.0/16).",
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY: ${raw} proxies is not a plausible hop count (1 to 10).`);
    return hops;
  }
  const parts = raw.split(",").map((part) => part.trim());
  const isProxy = (part: string) =>
    /^(loopback|linklocal|uniquelocal)$/.test(part) || /^[0-9a-fA-F.:]+(\/\d+)?$/.test(part);
  if (parts.every((part) => isProxy(part) && !/^\d+$/.test(part))) return parts.join(",");
  throw new ConfigError(
    `TRUST_PROXY must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses/CIDRs such as loopback,10.1.0.0/16 (got "${raw}").`,
  );
}

/** The build's VITE_* settings, read by the client's own parser so both agree on every value. */
function clientConfig(env: Env): ClientConfig {
  try {
    return parseConfig(env);
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

function redisUrl(env: Env): string | undefined {
  return serviceUrl(
    env,
    "REDIS_URL",
    ["redis", "rediss"],
    "redis://redis:6379 or rediss://user:pass@host:6380",
  );
}

/** VITE_SITE_URL's origin (when set) and ALLOWED_ORIGINS. */
function publicOrigins(client: ClientConfig, allowed: string[]): string[] {
  return [...new Set([...(client.siteUrl === null ? [] : [new URL(client.siteUrl).origin]), ...allowed])];
}

/** What the built app connects to. */
function connectSrc(client: ClientConfig): string[] {
  const sources: string[] = [];
  // No notify URL means the same origin: 'self' covers it.
  if (client.notifyUrl) sources.push(new URL(client.notifyUrl).origin);
  if (client.firebase) sources.push(FIRESTORE_ORIGIN);
  if (client.firestoreEmulator)
    sources.push(`http://${client.firestoreEmulator.host}:${client.firestoreEmulator.port}`);
  return [...new Set(sources)];
}

function logLevel(env: Env, nodeEnv: string): LogLevel {
  const raw = read(env, "LOG_LEVEL")?.toLowerCase();
  if (raw === undefined) return nodeEnv === "test" ? "silent" : "info";
  const level = LOG_LEVELS.find((candidate) => candidate === raw);
  if (level === undefined) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);
  return level;
}

/** DATA_DIR as an absolute path (default .data), for the server and the messages CLI. */
export function dataDirOf(env: Env = process.env): string {
  return resolve(read(env, "DATA_DIR") ?? ".data");
}

/** Reads and validates the environment. Throws a ConfigError with a readable message. */
export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = read(env, "NODE_ENV") ?? "development";
  const production = nodeEnv === "production";

  const configuredKey = read(env, "API_KEY");
  if (configuredKey === undefined && production) {
    throw new ConfigError(
      "API_KEY is required when NODE_ENV=production. Set API_KEY to the key the app sends (VITE_NOTIFY_API_KEY).",
    );
  }
  if (configuredKey === DEV_API_KEY && production) {
    throw new ConfigError("API_KEY must not be the local development key when NODE_ENV=production.");
  }
  if (configuredKey !== undefined && !API_KEY_RE.test(configuredKey)) {
    throw new ConfigError("API_KEY must be 8 to 512 visible ASCII characters (no spaces).");
  }

  const ownerEmail = email(env, "OWNER_EMAIL", profile.email);
  const host = read(env, "HOST") ?? "127.0.0.1";
  const client = clientConfig(env);
  const allowed = allowedOrigins(env);

  return {
    port: integer(env, "PORT", 4173, 0, 65_535),
    host,
    dataDir: dataDirOf(env),
    staticDir: resolve(read(env, "STATIC_DIR") ?? "dist"),
    apiKey: configuredKey ?? DEV_API_KEY,
    usingDevApiKey: configuredKey === undefined,
    allowedOrigins: allowed,
    publicOrigins: publicOrigins(client, allowed),
    smtpUrl: smtpUrl(env),
    ownerEmail,
    mailFrom: mailFrom(env, ownerEmail),
    autoReply: boolean(env, "AUTO_REPLY"),
    rateLimitMax: integer(env, "RATE_LIMIT_MAX", 5, 1, 1_000_000),
    rateLimitWindowMs: integer(env, "RATE_LIMIT_WINDOW_MS", 60_000, 1_000, 86_400_000),
    trustProxy: trustProxy(env),
    messageRetentionDays: integer(env, "MESSAGE_RETENTION_DAYS", 365, 0, 36_500),
    maxConnections: integer(env, "MAX_CONNECTIONS", 1_024, 16, 100_000),
    maxConnectionsPerIp: integer(env, "MAX_CONNECTIONS_PER_IP", 32, 1, 100_000),
    maxEventLoopDelayMs: integer(env, "MAX_EVENT_LOOP_DELAY_MS", 1_000, 0, 60_000),
    nodeEnv,
    production,
    logLevel: logLevel(env, nodeEnv),
    connectSrc: connectSrc(client),
    hsts: production,
    client: {
      firebase: client.firebase,
      firestoreEmulator: client.firestoreEmulator,
      siteUrl: client.siteUrl,
    },
    redisUrl: redisUrl(env),
    mailLeaseMs: integer(env, "MAIL_LEASE_MS", 15_000, 1_000, 600_000),
    messagesInFirestore: client.firebase !== null,
  };
}
