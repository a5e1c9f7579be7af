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
  /** Absolute path of the data directory (messages.jsonl, idempotency.jsonl, outbox/). */
  dataDir: string;
  /** Absolute path of the built app (`dist/`). */
  staticDir: string;
  apiKey: string;
  /** True when no API_KEY was given and the development key is used. */
  usingDevApiKey: boolean;
  /** Origins (scheme://host[:port]) allowed to call the API cross-origin. */
  allowedOrigins: string[];
  /** SMTP connection URL; undefined = write .eml files to DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  ownerEmail: string;
  mailFrom: MailAddress;
  autoReply: boolean;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Fastify's trustProxy: false, true (any proxy), or a comma-separated list of proxy IPs/CIDRs. */
  trustProxy: boolean | string;
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

function smtpUrl(env: Env): string | undefined {
  const raw = read(env, "SMTP_URL");
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("SMTP_URL must be a URL such as smtp://user:pass@smtp.example.com:587.");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new ConfigError("SMTP_URL must start with smtp:// or smtps://.");
  }
  if (url.hostname === "") throw new ConfigError("SMTP_URL has no host name.");
  return raw;
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

/** Fastify 5 refuses hop counts (they let direct clients spoof X-Forwarded-For). */
function trustProxy(env: Env): boolean | string {
  const raw = read(env, "TRUST_PROXY");
  if (raw === undefined || /^(false|0|no|off)$/i.test(raw)) return false;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  const parts = raw.split(",").map((part) => part.trim());
  const isProxy = (part: string) =>
    /^(loopback|linklocal|uniquelocal)$/.test(part) || /^[0-9a-fA-F.:]+(\/\d+)?$/.test(part);
  if (parts.every((part) => isProxy(part) && !/^\d+$/.test(part))) return parts.join(",");
  throw new ConfigError(
    `TRUST_PROXY must be "true", "false" or a comma-separated list of proxy addresses/CIDRs such as loopback,10.1.0.0/16 (got "${raw}").`,
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

  return {
    port: integer(env, "PORT", 4173, 0, 65_535),
    host,
    dataDir: resolve(read(env, "DATA_DIR") ?? ".data"),
    staticDir: resolve(read(env, "STATIC_DIR") ?? "dist"),
    apiKey: configuredKey ?? DEV_API_KEY,
    usingDevApiKey: configuredKey === undefined,
    allowedOrigins: allowedOrigins(env),
    smtpUrl: smtpUrl(env),
    ownerEmail,
    mailFrom: mailFrom(env, ownerEmail),
    autoReply: boolean(env, "AUTO_REPLY"),
    rateLimitMax: integer(env, "RATE_LIMIT_MAX", 5, 1, 1_000_000),
    rateLimitWindowMs: integer(env, "RATE_LIMIT_WINDOW_MS", 60_000, 1_000, 86_400_000),
    trustProxy: trustProxy(env),
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
  };
}
