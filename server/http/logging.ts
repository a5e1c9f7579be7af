/**
 * The server's log keeps out what a visitor typed: no query string (a form sent with GET puts its
 * fields there), no e-mail address (in a path, an SMTP answer or an error), no body, no headers.
 */
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import type { Config } from "../config";

const REDACTED = "[redacted]";
const EMAIL_REDACTED = "[email]";
/** Anything shaped like local@domain.tld, with @ written plainly or percent-encoded. */
const EMAIL_RE = /[^\s@<>()[\]"',;:/?#&=]+(?:@|%40)[^\s@<>()[\]"',;:/?#&=]+\.[^\s@<>()[\]"',;:/?#&=]{2,}/gi;

export function redactEmails(text: string): string {
  return text.replace(EMAIL_RE, EMAIL_REDACTED);
}

/** The path alone: a query string becomes "?[redacted]", e-mail-like parts of the path go too. */
export function redactUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  return redactEmails(path) + (cut === -1 ? "" : `?${REDACTED}`);
}

function serializeRequest(request: Partial<FastifyRequest>) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ""),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Error fields worth logging; everything else an error carries (a mailer's envelope, a
 *  client error's raw packet, a validation error's data) stays out. */
const ERROR_FIELDS = ["code", "statusCode", "responseCode", "command", "errno", "syscall"] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redactEmails(String(error)), stack: "" };
  }
  const fields = error as unknown as Record<string, unknown>;
  const out: SerializedError = {
    type: error.name,
    message: redactEmails(error.message),
    stack: redactEmails(error.stack ?? ""),
  };
  for (const key of ERROR_FIELDS) {
    const value = fields[key];
    if (typeof value === "string") out[key] = redactEmails(value);
    else if (typeof value === "number") out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stdoutIsTerminal: boolean,
): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    serializers: { req: serializeRequest, err: (error: unknown) => serializeError(error) },
    // No worker thread for a silent log (tests build many servers).
    ...(stdoutIsTerminal && config.logLevel !== "silent"
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname", singleLine: true },
          },
        }
      : {}),
  };
}
