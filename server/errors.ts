/**
 * Every error becomes `{ success: false, error: "<a sentence>" }` on the API (plain text on
 * other paths). Raw ajv or Fastify messages never reach a visitor.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerAnswer } from "../src/shared/contact/protocol";
import { type SchemaError, validationMessage } from "./schemas";

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

export const MESSAGES = {
  unauthorized: "Missing or invalid API key.",
  forbiddenOrigin: "Requests from this website are not allowed.",
  unsupportedType: "Please send the message as JSON (Content-Type: application/json).",
  invalidJson: "The request body is not valid JSON.",
  emptyBody: "The request body is empty.",
  tooLarge: "The message is too large.",
  badRequest: "The request could not be read.",
  notFound: "Not found.",
  internal: "Something went wrong on our side. Please try again later.",
} as const;

const BY_CODE: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.emptyBody },
};

/** True for the paths that answer JSON: the API and the notify endpoint. */
export function isApiPath(url: string): boolean {
  return /^\/(api|email)(\/|\?|$)/.test(url);
}

interface ErrorFields {
  statusCode?: unknown;
  code?: unknown;
  validation?: unknown;
  validationContext?: unknown;
}

/** Status and visitor-facing sentence for any thrown value. */
export function describeError(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  const fields: ErrorFields = typeof error === "object" && error !== null ? error : {};
  if (Array.isArray(fields.validation)) {
    const first = fields.validation[0] as SchemaError | undefined;
    const context = typeof fields.validationContext === "string" ? fields.validationContext : undefined;
    return { status: 400, message: validationMessage(context, first) };
  }
  const known = typeof fields.code === "string" ? BY_CODE[fields.code] : undefined;
  if (known !== undefined) return known;
  const status = typeof fields.statusCode === "number" ? fields.statusCode : 500;
  if (status === 404) return { status, message: MESSAGES.notFound };
  if (status >= 400 && status <= 499) return { status, message: MESSAGES.badRequest };
  return { status: 500, message: MESSAGES.internal };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if (isApiPath(request.url)) {
    const body: ServerAnswer = { success: false, error: message };
    return reply.code(status).type("application/json; charset=utf-8").send(body);
  }
  return reply.code(status).type("text/plain; charset=utf-8").send(message);
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = describeError(error);
  if (error instanceof HttpError && error.retryAfterSeconds !== undefined)
    reply.header("retry-after", String(error.retryAfterSeconds));
  if (status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ status, reason: message }, "request refused");
  return sendError(request, reply, status, message);
}
