/**
 * JSON schemas of the two POST bodies (validated by Fastify's ajv, no coercion, extra fields
 * rejected) and the sentence a visitor sees when one fails (its words: `ui.server.invalid`).
 * `npm run messages -- import` checks each line of a file with the same schema.
 */

import { ui } from "../../src/content/interface";
import {
  NO_FORMAT_CHARS_PATTERN,
  SINGLE_LINE_PATTERN as SINGLE_LINE,
} from "../../src/shared/contact/message";
import { LIMITS, MESSAGE_ID_PATTERN } from "../../src/shared/contact/protocol";

/** Fastify's defaults drop unknown fields and coerce types: a request must be exact. */
export const AJV_OPTIONS = {
  removeAdditional: false,
  coerceTypes: false,
  useDefaults: false,
  allErrors: false,
} as const;

/** At least one character that is not whitespace: a whitespace-only value counts as empty. */
const NOT_BLANK = "\\S";
/** Multi-line text: TAB and line breaks (LF, CR) are fine, other C0 and C1 controls are not. */
const TEXT = "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$";
/**
 * Well-formed Unicode (what `String.prototype.isWellFormed` checks): Ajv's patterns are Unicode
 * regular expressions, in which a pair of surrogates is one character, so only a lone one matches.
 */
const WELL_FORMED = "^[^\\uD800-\\uDFFF]*$";
/** 1 to 200 visible ASCII characters. */
const IDEMPOTENCY_KEY = "^[\\x21-\\x7E]{1,200}$";

/** A required text field of at most `maxLength` characters, not blank, well-formed, and following `rules`. */
const field = (maxLength: number, ...rules: (string | { format: string })[]) => ({
  type: "string",
  minLength: 1,
  maxLength,
  allOf: [NOT_BLANK, WELL_FORMED, ...rules].map((rule) =>
    typeof rule === "string" ? { pattern: rule } : rule,
  ),
});

const fields = {
  name: field(LIMITS.name, SINGLE_LINE, NO_FORMAT_CHARS_PATTERN),
  email: field(LIMITS.email, SINGLE_LINE, { format: "email" }),
  message: field(LIMITS.message, TEXT),
};

export const notifyBodySchema = {
  type: "object",
  required: ["name", "email", "message"],
  additionalProperties: false,
  properties: fields,
} as const;

export const storeBodySchema = {
  type: "object",
  required: ["id", "name", "email", "message"],
  additionalProperties: false,
  properties: { id: { type: "string", pattern: MESSAGE_ID_PATTERN }, ...fields },
} as const;

/** A line of an export file, as `npm run messages -- import` takes it back. */
export const importLineSchema = {
  ...storeBodySchema,
  required: [...storeBodySchema.required, "createdAt"],
  properties: { ...storeBodySchema.properties, createdAt: { type: "string", format: "date-time" } },
} as const;

export const idempotencyHeadersSchema = {
  type: "object",
  properties: { "idempotency-key": { type: "string", pattern: IDEMPOTENCY_KEY } },
} as const;

/** The part of an ajv error this module reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const MAX: Record<string, number> = LIMITS;
const words = ui.server.invalid;

/** One human sentence (`ui.server.invalid`) for the first schema error of a request part ("body" or "headers"). */
export function validationMessage(context: string | undefined, error: SchemaError | undefined): string {
  if (context === "headers") return words.idempotencyKey;
  if (error === undefined) return words.request;
  const field = error.instancePath.split("/")[1] ?? "";
  const label = words.labels[field] ?? field;

  if (field === "") {
    if (error.keyword === "required") {
      const missing = String(error.params.missingProperty ?? "");
      return words.missing(words.labels[missing] ?? missing);
    }
    if (error.keyword === "additionalProperties") return words.extraField;
    return words.notObject;
  }
  if (error.keyword === "type") return words.notText(label);
  if (field === "id") return words.id;
  if (error.keyword === "minLength" || (error.keyword === "pattern" && error.params.pattern === NOT_BLANK)) {
    return words.empty;
  }
  if (error.keyword === "maxLength") return words.tooLong(label, MAX[field] ?? Number(error.params.limit));
  if (field === "email" && error.params.pattern !== WELL_FORMED) return ui.contact.invalid.email;
  if (field === "name" && error.params.pattern === SINGLE_LINE) return words.singleLine;
  return words.notAllowed(label);
}
