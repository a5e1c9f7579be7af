/** Every error becomes a sentence: `{ success: false, error }` on the API, plain text elsewhere. */
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_PATH } from "../../src/config/routes";
import { ui } from "../../src/content/interface";
import { fieldsOf } from "../../src/shared/contact/failure";
import type { ServerAnswer } from "../../src/shared/contact/protocol";
import { type SchemaError, validationMessage } from "../contact/schemas";
import { StoreUnavailableError } from "../store/stores";

/** An error whose message is written for the visitor. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After (seconds) with the answer. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The sentences of the refusals (`ui.server`, with the interface's other words). */
export const MESSAGES = ui.server;

/** Fastify's own refusals, and the sentence for a status that comes without one. */
const BY_CODE: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.emptyBody },
};
const BY_STATUS: Record<number, string> = {
  404: MESSAGES.notFound,
  408: MESSAGES.timeout,
  503: MESSAGES.busy,
};

/** Status and visitor-facing sentence for any thrown value. */
export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  const fields = fieldsOf(error);
  // A database error is never a 500: the request can be sent again once the disk is fixed.
  if (error instanceof StoreUnavailableError || /^SQLITE_/.test(String(fields.code))) {
    return { status: 503, message: MESSAGES.unavailable };
  }
  if (Array.isArray(fields.validation)) {
    const first = fields.validation[0] as SchemaError | undefined;
    const context = typeof fields.validationContext === "string" ? fields.validationContext : undefined;
    return { status: 400, message: validationMessage(context, first) };
  }
  const known = typeof fields.code === "string" ? BY_CODE[fields.code] : undefined;
  if (known !== undefined) return known;
  const status = typeof fields.statusCode === "number" ? fields.statusCode : 500;
  const message = BY_STATUS[status] ?? (status >= 400 && status <= 499 ? MESSAGES.badRequest : undefined);
  return message === undefined ? { status: 500, message: MESSAGES.internal } : { status, message };
}

/** Seconds a client should wait after a 503. */
export const RETRY_AFTER_S = 10;

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if (status === 503 && !reply.hasHeader("retry-after")) reply.header("retry-after", String(RETRY_AFTER_S));
  if (API_PATH.test(request.url)) {
    const body: ServerAnswer = { success: false, error: message };
    return reply.code(status).type("application/json; charset=utf-8").send(body);
  }
  return reply.code(status).type("text/plain; charset=utf-8").send(message);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = describeError(error);
  if (error instanceof HttpError && error.retryAfterSeconds !== undefined)
    reply.header("retry-after", String(error.retryAfterSeconds));
  if (error instanceof StoreUnavailableError)
    request.log.error({ err: error }, "the database refused a write");
  else if (status === 503) request.log.warn({ status, reason: message }, "request shed");
  else if (status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ status, reason: message }, "request refused");
  return sendError(request, reply, status, message);
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (bad syntax, oversized headers,
 * a body that trickles past the request timeout): a short plain-text answer with the security
 * headers when no answer is under way on the socket, then the connection is closed.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, reason, message] =
      error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", MESSAGES.timeout]
        : error.code === "HPE_HEADER_OVERFLOW"
          ? [431, "Request Header Fields Too Large", MESSAGES.badRequest]
          : [400, "Bad Request", MESSAGES.badRequest];
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && answering?.headersSent !== true) {
      const lines = Object.entries({
        ...headers,
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": String(Buffer.byteLength(message)),
        "Cache-Control": "no-store",
        Connection: "close",
      }).map(([name, value]) => `${name}: ${value}`);
      // end() flushes the answer first (destroy() would drop it); a peer that never reads is cut.
      socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${message}`);
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    socket.destroy();
  };
}
