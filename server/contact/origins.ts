/**
 * What the contact routes (the JSON API and the no-JavaScript form) share to keep other sites and
 * floods out: the Origin check and the per-IP rate limit, with its one sentence for a 429.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import { HttpError, MESSAGES } from "../http/errors";

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a request's `Origin` may use the API or post the contact form: one of the site's public
 * origins (`VITE_SITE_URL`, `ALLOWED_ORIGINS`) or, outside production, any http page on a loopback
 * name (`npm start`, and `npm run dev`, whose Vite server proxies to this one from its own port).
 * Never derived from the Host header, which any client sets as it likes.
 */
export function originAllowed(origin: string, config: Pick<Config, "publicOrigins" | "production">): boolean {
  if (config.publicOrigins.includes(origin)) return true;
  if (config.production || !URL.canParse(origin)) return false; // "null" (sandboxed frames, file://)
  const url = new URL(origin);
  return url.protocol === "http:" && LOOPBACK_NAMES.has(url.hostname);
}

/** A hook that refuses (403) a request from another site, before its body is read. */
export function refuseOtherOrigins(config: Pick<Config, "publicOrigins" | "production">) {
  return async (request: FastifyRequest): Promise<void> => {
    const { origin } = request.headers;
    if (request.method !== "OPTIONS" && origin !== undefined && !originAllowed(origin, config)) {
      throw new HttpError(403, MESSAGES.forbiddenOrigin);
    }
  };
}

/** The per-IP rate limit of a contact route (`@fastify/rate-limit`'s route options). */
export function rateLimitOf(config: Pick<Config, "rateLimitMax" | "rateLimitWindowMs">) {
  return {
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowMs,
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new HttpError(429, `Too many messages in a short time. Please try again in ${context.after}.`),
  };
}
