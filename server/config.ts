/** The environment, read once against one JSON schema (Ajv); nothing else in server/ reads process.env. */
import { resolve } from "node:path";
import { Ajv } from "ajv";
import { ConfigError, DEFAULT_PORT, parseConfig, withoutBlanks } from "../src/config/parse-config.ts";
import { profile } from "../src/content/profile.ts";
import { DEV_API_KEY } from "../src/shared/contact/protocol.ts";

type Env = Record<string, string | undefined>;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
const ADDRESS = '[^\\s@<>()",;:\\\\[\\]]+@[^\\s@<>()",;:\\\\[\\]]+\\.[^\\s@<>()",;:\\\\[\\]]+';
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

const whole = (minimum: number, maximum: number, fallback: number) =>
  ({ type: "integer", minimum, maximum, default: fallback }) as const;
const text = <D extends string | undefined>(pattern: string, description: string, fallback?: D) =>
  ({ type: "string", pattern, description, default: fallback as D }) as const;
/** "Name <address>" or a bare address; the groups are the name and either address. */
const MAIL_FROM = `^(?:"?([^"<>]*?)"?\\s*<(${ADDRESS})>|(${ADDRESS}))$`;

/** Every variable, its default, and what it must be (a `description` or its bounds word the error). */
const SCHEMA = {
  type: "object",
  properties: {
    NODE_ENV: { type: "string", default: "development" },
    PORT: whole(0, 65_535, DEFAULT_PORT),
    HOST: { type: "string", default: "127.0.0.1" },
    DATA_DIR: { type: "string", default: ".data" },
    STATIC_DIR: { type: "string", default: "dist" },
    API_KEY: text("^[\\x21-\\x7e]{8,512}$", "8 to 512 visible ASCII characters (no spaces)"),
    ALLOWED_ORIGINS: {
      type: "string",
      format: "origins",
      description:
        'a comma-separated list of http(s) origins such as https://example.com ("*", any site, is not accepted)',
    },
    SMTP_URL: text(
      "^smtps?://[^/?#\\s]+",
      "an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587",
    ),
    OWNER_EMAIL: text(`^${ADDRESS}$`, "an e-mail address", profile.email),
    MAIL_FROM: text(MAIL_FROM, '"Name <address@example.com>" or "address@example.com"'),
    AUTO_REPLY: { type: "boolean", default: false, description: '"true" or "false"' },
    RATE_LIMIT_MAX: whole(1, 1_000_000, 5),
    RATE_LIMIT_WINDOW_MS: whole(1_000, 86_400_000, 60_000),
    TRUST_PROXY: { type: "string" },
    MESSAGE_RETENTION_DAYS: whole(0, 36_500, 365),
    MAX_CONNECTIONS: whole(16, 100_000, 8_192),
    MAX_CONNECTIONS_PER_IP: whole(1, 100_000, 16),
    MAX_EVENT_LOOP_DELAY_MS: whole(0, 60_000, 1_000),
    LOCK_WAIT_MS: whole(0, 600_000, 5_000),
    LOG_LEVEL: { enum: LOG_LEVELS, description: `one of ${LOG_LEVELS.join(", ")}` },
    REDIS_URL: text("^rediss?://[^/?#\\s]+", "a redis:// or rediss:// URL such as redis://redis:6379"),
    MAIL_LEASE_MS: whole(1_000, 600_000, 15_000),
    MAIL_RETRY_MS: whole(100, 21_600_000, 60_000),
    MAIL_NOTIFY_GRACE_MS: whole(1_000, 86_400_000, 600_000),
    ALERT_LIMIT: text(
      "^([1-9]\\d{0,5})/([1-9]\\d{0,6})(ms|s|m|h|d)$",
      "a count per duration such as 30/1h or 5/20s (ms, s, m, h or d)",
      "30/1h",
    ),
  },
} as const;

type Schema = typeof SCHEMA.properties;
/** `RATE_LIMIT_MAX` → `rateLimitMax`: a setting is named after its variable. */
type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<Camel<Tail>>}`
  : Lowercase<Name>;
/** The environment as the schema leaves it: defaults filled in, numbers and booleans typed. */
type Settings = {
  [Name in keyof Schema as Camel<Name>]: Schema[Name] extends { type: "integer" }
    ? number
    : Schema[Name] extends { type: "boolean" }
      ? boolean
      : Schema[Name] extends { default: string }
        ? string
        : string | undefined;
};
const camel = (name: string) => name.toLowerCase().replace(/_(.)/g, (_, next: string) => next.toUpperCase());

export type Config = ReturnType<typeof loadConfig>;

export { ConfigError };

/** ALLOWED_ORIGINS' format: each non-blank part an http(s) origin, at most a trailing slash after it. */
const ORIGIN = /^\s*https?:\/\/[^/?#\s@]+\/?\s*$/;
const origins = (value: string) =>
  value.split(",").every((p) => !p.trim() || (ORIGIN.test(p) && URL.canParse(p)));
const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allowUnionTypes: true, formats: { origins } });
const validate = ajv.compile(SCHEMA);

/** The environment checked against the schema, blank values unset; a ConfigError names the variable. */
function settingsOf(env: Env): Settings {
  const data: Env = withoutBlanks(env);
  if (validate(data)) {
    const names = Object.keys(SCHEMA.properties);
    return Object.fromEntries(names.map((name) => [camel(name), data[name]])) as unknown as Settings;
  }
  const name = validate.errors?.[0]?.instancePath.slice(1) ?? "";
  const { description, minimum, maximum }: { description?: string; minimum?: number; maximum?: number } =
    (SCHEMA.properties as Record<string, object>)[name] ?? {};
  const what =
    description ?? (minimum === undefined ? "valid" : `a whole number from ${minimum} to ${maximum}`);
  // Secrets (a key, a URL with a password in it) are not repeated in the error.
  const got = /^(API_KEY|SMTP_URL|REDIS_URL)$/.test(name) ? "" : ` (got "${withoutBlanks(env)[name]}")`;
  throw new ConfigError(`${name} must be ${what}${got}.`);
}

/** Where the messages and the mail queue are, for the messages CLI. */
export function storageOf(env: Env = process.env) {
  const { dataDir, redisUrl } = settingsOf(env);
  return { dataDir: resolve(dataDir), redisUrl };
}

/** A hop count or a list of proxy addresses; `true` would let every client choose its own address. */
function trustProxy(raw: string | undefined): false | number | string {
  if (raw === undefined || /^(false|0|no|off)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw))
    throw new ConfigError(
      "TRUST_PROXY=true is refused: it would let every client choose its own address (and rate-limit key) through X-Forwarded-For. Set the number of proxies in front of the server (e.g. 1) or their addresses (e.g. loopback,10.1.0.0/16).",
    );
  if (/^([1-9]|10)$/.test(raw)) return Number(raw);
  const parts = raw.split(",").map((part) => part.trim());
  const proxy = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]*[.:][0-9a-fA-F.:]*(\/\d+)?)$/;
  if (parts.every((part) => proxy.test(part))) return parts.join(",");
  throw new ConfigError(
    `TRUST_PROXY must be a number of proxies from 1 to 10 or a comma-separated list of proxy addresses/CIDRs such as loopback,10.1.0.0/16 (got "${raw}").`,
  );
}

/** Reads and validates the environment. Throws a ConfigError with one sentence naming the variable. */
export function loadConfig(env: Env = process.env) {
  const settings = settingsOf(env);
  const production = settings.nodeEnv === "production";
  if (production && (settings.apiKey ?? DEV_API_KEY) === DEV_API_KEY) {
    throw new ConfigError(
      settings.apiKey === undefined
        ? "API_KEY is required when NODE_ENV=production. Set API_KEY to the key the app sends (VITE_NOTIFY_API_KEY)."
        : "API_KEY must not be the local development key when NODE_ENV=production.",
    );
  }
  const client = parseConfig(env);
  const from = new RegExp(MAIL_FROM).exec(settings.mailFrom ?? "");
  const domain = settings.ownerEmail.split("@").at(-1);
  const allowed = settings.allowedOrigins?.split(",").filter((part) => part.trim()) ?? [];
  const [, max, span, unit] =
    new RegExp(SCHEMA.properties.ALERT_LIMIT.pattern).exec(settings.alertLimit) ?? [];
  return {
    ...settings,
    dataDir: resolve(settings.dataDir),
    staticDir: resolve(settings.staticDir),
    apiKey: settings.apiKey ?? DEV_API_KEY,
    usingDevApiKey: settings.apiKey === undefined,
    /** Who may call the API besides loopback in development (the schema let only http(s) origins through). */
    publicOrigins: [...new Set([client.siteUrl ?? [], allowed.map((part) => new URL(part).origin)].flat())],
    mailFrom:
      from === null
        ? { name: `${profile.brand} contact form`, address: `no-reply@${domain}` }
        : { name: from[1]?.trim() ?? "", address: from[2] ?? from[3] ?? "" },
    trustProxy: trustProxy(settings.trustProxy),
    production,
    logLevel: (settings.logLevel ??
      (settings.nodeEnv === "test" ? "silent" : "info")) as (typeof LOG_LEVELS)[number],
    /** The build's VITE_* settings, read by the page's own parser so both agree on every value. */
    client,
    alertLimit: { max: Number(max), windowMs: Number(span) * UNIT_MS[unit as keyof typeof UNIT_MS] },
  };
}
