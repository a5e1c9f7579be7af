/**
 * `POST /contact`: the contact form sent without JavaScript, answered with the contact page, the
 * result and what was typed. The message takes the page's way (`deliver`, Firestore when configured),
 * its HTTP steps reaching this server's JSON routes through `app.inject`. A form cannot carry the API
 * key, so an Origin check (not Host), a rate limit, a body limit and validation guard it. The message
 * id is derived from the message: a reload that posts it again is neither stored nor mailed twice.
 */
import { createHash } from "node:crypto";
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { routes } from "../../src/config/routes";
import { ui } from "../../src/content/interface";
import { type DeliverResult, deliver } from "../../src/shared/contact/deliver";
import { createDeliverDeps } from "../../src/shared/contact/deps";
import { fieldsOf as propertiesOf } from "../../src/shared/contact/failure";
import { type ContactFields, createMessage, validateFields } from "../../src/shared/contact/message";
import { LIMITS } from "../../src/shared/contact/protocol";
import { validationText } from "../../src/shared/contact/texts";
import type { Config } from "../config";
import { describeError } from "../http/errors";
import { type OriginGate, rateLimitOf } from "./origins";
import { type ResultPageContent, renderResultPage } from "./result-page";

/** The form's path: the contact page's own, so the result shows at the page's URL. */
export const CONTACT_FORM_PATH = routes.contact.path;

/**
 * The largest urlencoded body a full form can make: every character percent-encoded as up to
 * three UTF-8 bytes (9 characters per UTF-16 unit), plus the field names and separators.
 */
export const FORM_BODY_LIMIT = 9 * (LIMITS.name + LIMITS.email + LIMITS.message) + 1024;

/** The page's words (`ui.contact`): `notDelivered` when a step fails without an answer of this server (Firestore, or no answer in time). */
const words = ui.contact;

const FIELDS = ["name", "email", "message"] as const satisfies readonly (keyof ContactFields)[];
const EMPTY: ContactFields = { name: "", email: "", message: "" };

/** The three fields of a parsed body; anything that is not a single string counts as empty. */
function fieldsOf(body: unknown): ContactFields {
  const { name, email, message } = propertiesOf(body);
  // A browser sends line breaks as CRLF; the page's fetch path (and so the store) has LF.
  const text = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "");
  return { name: text(name), email: text(email), message: text(message) };
}

/** A UUID (version 8, RFC 9562) from the message's content: the same message, the same id. */
export function formMessageId(fields: ContactFields): string {
  const hex = createHash("sha256")
    .update(JSON.stringify(["contact-form", fields.name, fields.email, fields.message]))
    .digest("hex");
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A `fetch` that answers from this server through `inject`, as if the visitor's browser had asked. */
function injectFetch(app: FastifyInstance, remoteAddress: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const headers = Object.fromEntries(new Headers(init?.headers));
    const injected = app.inject({
      method: (init?.method ?? "GET") as "POST",
      url,
      headers,
      payload: typeof init?.body === "string" ? init.body : undefined,
      remoteAddress,
    });
    const aborted = new Promise<never>((_resolve, reject) => {
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    const response = await Promise.race([injected, aborted]);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
    }
    const empty = [204, 205, 304].includes(response.statusCode);
    return new Response(empty ? null : response.body, {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}

/** What the page says for a `deliver` result, and with which status. */
function outcome(result: DeliverResult): { status: number; title: string; text: string; success: boolean } {
  if (result.status === "answered") {
    return {
      status: result.success ? 200 : result.httpStatus,
      title: result.success ? words.result.sent : words.result.notSent,
      text: result.text || (result.success ? words.result.sent : words.notDelivered),
      success: result.success,
    };
  }
  const { failure } = result;
  // A status means this server answered, with an `error` written for the visitor.
  return {
    status: failure.status ?? (failure.reason === "network" ? 503 : 502),
    title: words.result.notSent,
    text: failure.status === undefined ? words.notDelivered : failure.error,
    success: false,
  };
}

export const contactFormRoute: FastifyPluginAsync<{ config: Config; origins: OriginGate }> = async (
  scope,
  { config, origins },
) => {
  const pipeline = { ...config.client, serverUrl: "", apiKey: config.apiKey };

  if (config.client.firebase !== null) {
    // The SDK's own logger writes to the console past ours: failures come back as results.
    const { setLogLevel } = await import("firebase/firestore/lite");
    setLogLevel("silent");
  }

  async function sendPage(reply: FastifyReply, status: number, content: ResultPageContent) {
    const html = await renderResultPage(config.staticDir, content);
    return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(html);
  }

  await scope.register(formbody);

  // Other sites are turned away before the body is read.
  scope.addHook("onRequest", origins.refuse);

  // Every refusal (origin, rate limit, body too large, wrong type) is a page too, and keeps what
  // was typed whenever the body could be read.
  scope.setErrorHandler(async (error, request, reply) => {
    const described = describeError(error);
    const { status } = described;
    // The JSON API's 415 sentence asks for JSON; a form is sent again as it is.
    const message = status === 415 ? words.formUnreadable : described.message;
    if (status >= 500) request.log.error({ err: error }, "contact form failed");
    else request.log.info({ status, reason: message }, "contact form refused");
    return sendPage(reply, status, {
      title: words.result.notSent,
      text: message,
      success: false,
      fields: fieldsOf(request.body),
    });
  });

  scope.post(
    CONTACT_FORM_PATH,
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: {
        // After the body is parsed, so a refused visitor gets the text back.
        rateLimit: { ...rateLimitOf(config), hook: "preHandler" },
      },
    },
    async (request, reply) => {
      const fields = fieldsOf(request.body);
      const checked = validateFields(fields);
      if (!checked.ok) {
        const invalid =
          checked.problem === "empty"
            ? FIELDS.filter((field) => fields[field].trim() === "")
            : [checked.field];
        return sendPage(reply, 400, {
          title: words.result.invalid,
          text: validationText(words, checked),
          success: false,
          fields,
          invalid,
        });
      }

      const message = createMessage(checked.value, { id: formMessageId(checked.value) });
      const deps = createDeliverDeps(pipeline, injectFetch(scope, request.ip));
      const result = await deliver(message, deps);
      const { status: pageStatus, ...shown } = outcome(result);
      if (result.status === "failed") {
        const { reason, status, retryable } = result.failure;
        request.log.warn({ step: result.step, reason, status, retryable }, "contact form: not delivered");
      }
      const waitMs = result.status === "failed" ? result.failure.retryAfterMs : result.retryAfterMs;
      if (waitMs !== undefined) reply.header("retry-after", String(Math.ceil(waitMs / 1000)));
      return sendPage(reply, pageStatus, {
        ...shown,
        // Sent: a fresh form, as the page does. Not sent: the text stays for another try.
        fields: shown.success ? { ...EMPTY } : fields,
      });
    },
  );
};
