/**
 * What the contact routes (the JSON API and the no-JavaScript form) share to keep other sites and
 * floods out: the Origin check, loud about what it refuses, and the per-IP rate limit, with its one
 * sentence for a 429.
 */
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { HttpError, MESSAGES } from "../http/errors";

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];
/** Addresses that take connections on the loopback interface too. */
const LOOPBACK_LISTENERS = /^(localhost|127\.\d+\.\d+\.\d+|::1|0\.0\.0\.0|::)$/;
/** A refused origin is logged once per this span, and /healthz counts its refusals within it. */
const REPORT_SPAN_MS = 3_600_000;
/** Distinct refused origins remembered at most (a flood of made-up ones costs no memory past it). */
const MAX_TRACKED = 100;
const OTHERS = "(other origins)";

type OriginSettings = Pick<Config, "publicOrigins" | "production" | "host" | "allowedOrigins">;

/**
 * The host names this server's own pages are served under: those of its public origins
 * (`VITE_SITE_URL`, `ALLOWED_ORIGINS`), and the loopback names when it listens on loopback.
 */
function servedHostnames(config: OriginSettings): Set<string> {
  const names = config.publicOrigins.map((origin) => new URL(origin).hostname);
  return new Set(LOOPBACK_LISTENERS.test(config.host) ? [...names, ...LOOPBACK_NAMES] : names);
}

/**
 * Whether a request's `Origin` may use the API or post the contact form: one of the site's public
 * origins; the page's own origin as the request reached this server (Origin's host equals the Host
 * header, and that is a name this server serves, so a rebound DNS name or a forged Host stays out);
 * or, outside production, any http page on a loopback name (`npm run dev`, whose Vite server
 * proxies to this one from its own port).
 */
export function originAllowed(origin: string, host: string | undefined, config: OriginSettings): boolean {
  if (config.publicOrigins.includes(origin)) return true;
  if (!URL.canParse(origin)) return false; // "null" (sandboxed frames, file://)
  const url = new URL(origin);
  if (!/^https?:$/.test(url.protocol)) return false;
  if (url.host === host?.toLowerCase() && servedHostnames(config).has(url.hostname)) return true;
  return !config.production && url.protocol === "http:" && LOOPBACK_NAMES.includes(url.hostname);
}

export interface OriginGate {
  allows(origin: string, host: string | undefined): boolean;
  /** A hook that refuses (403) a request from another site, before its body is read. */
  refuse(request: FastifyRequest): Promise<void>;
  /** Refusals per origin within the last hour, for /healthz. */
  refused(): Record<string, number>;
  /** The one line the server logs at start: which pages may send. */
  accepted: string;
}

/** The Origin check of one server, which counts what it refuses and warns with the fix. */
export function originGate(config: OriginSettings): OriginGate {
  const seen = new Map<string, { count: number; since: number }>();
  const current = config.allowedOrigins?.trim().replace(/\s+/g, "") ?? "";
  const fix = (origin: string) =>
    `If that page is this site, add its origin to ALLOWED_ORIGINS and restart the server: ALLOWED_ORIGINS=${[current, origin].filter(Boolean).join(",")}`;

  function count(origin: string, log: FastifyBaseLogger): void {
    const now = performance.now();
    for (const [key, entry] of seen) if (now - entry.since >= REPORT_SPAN_MS) seen.delete(key);
    const key = seen.has(origin) || seen.size < MAX_TRACKED ? origin : OTHERS;
    const entry = seen.get(key);
    if (entry !== undefined) {
      entry.count += 1;
      return;
    }
    seen.set(key, { count: 1, since: now });
    log.warn(
      `Refused a message from the page at ${key} (403, "${MESSAGES.forbiddenOrigin}"). ${key === OTHERS ? "Too many origins to list." : fix(key)} (Logged once an hour per origin; /healthz counts them.)`,
    );
  }

  const served = [
    ...config.publicOrigins,
    ...(LOOPBACK_LISTENERS.test(config.host)
      ? ["this server's own address on localhost, 127.0.0.1 or [::1]"]
      : []),
    ...(config.production ? [] : ["any http page on localhost, 127.0.0.1 or [::1]"]),
  ];
  return {
    allows: (origin, host) => originAllowed(origin, host, config),
    async refuse(request) {
      const { origin, host } = request.headers;
      if (request.method === "OPTIONS" || origin === undefined || originAllowed(origin, host, config)) return;
      count(origin.slice(0, 200), request.log);
      throw new HttpError(403, MESSAGES.forbiddenOrigin);
    },
    refused() {
      const now = performance.now();
      const live = [...seen].filter(([, entry]) => now - entry.since < REPORT_SPAN_MS);
      return Object.fromEntries(live.map(([origin, entry]) => [origin, entry.count]));
    },
    accepted:
      served.length === 0
        ? "No page may send messages: set VITE_SITE_URL (or ALLOWED_ORIGINS) to the site's address."
        : `Messages are accepted from pages at ${served.join("; ")}.`,
  };
}

/** The per-IP rate limit of a contact route (`@fastify/rate-limit`'s route options). */
export function rateLimitOf(config: Pick<Config, "rateLimitMax" | "rateLimitWindowMs">) {
  return {
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new HttpError(429, MESSAGES.rateLimited(context.after)),
  };
}
