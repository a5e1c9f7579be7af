/** The contact message: its fields, their validation and the message object the pipeline carries. */
import { LIMITS } from "./protocol";

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

/** A message on its way: the fields plus a stable id (document id and Idempotency-Key). */
export interface ContactMessage extends ContactFields {
  id: string;
  /** ms since the epoch, client clock. */
  createdAt: number;
}

export type ValidationResult =
  | { ok: true; value: ContactFields }
  | {
      ok: false;
      problem: "empty" | "email" | "too-long" | "control-chars" | "format-chars";
      field: keyof ContactFields;
    };

/**
 * The server validates with Fastify's default ajv + ajv-formats, which the compiler
 * (`@fastify/ajv-compiler`) installs without options, i.e. in "full" mode: this is
 * `fullFormats.email` of ajv-formats 3.0.1 (`dist/formats.js`), copied verbatim so the
 * client is never looser than the server.
 */
export const EMAIL_PATTERN: RegExp =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

const FIELD_ORDER = ["name", "email", "message"] as const satisfies readonly (keyof ContactFields)[];

/** Fields that end up in mail headers: no control characters at all (CR/LF injection, tabs, NUL...). */
const SINGLE_LINE_FIELDS = ["name", "email"] as const satisfies readonly (keyof ContactFields)[];

/**
 * The rules the server's schema applies too (server/contact/schemas.ts), as Unicode pattern sources.
 * A single line: no control character at all (CR, LF, TAB, NUL, DEL, C1...) nor U+2028/9.
 */
export const SINGLE_LINE_PATTERN = "^[^\\p{Cc}\\u2028\\u2029]*$";
/**
 * The name holds no invisible format character (\p{Cf}: bidi overrides, isolates and marks, soft
 * hyphen, zero-width space...), which would make it read otherwise on the owner's screen; the
 * joiners U+200C and U+200D stay (Persian and Indic names, emoji sequences).
 */
export const NO_FORMAT_CHARS_PATTERN = "^(?:[\\u200C\\u200D]|\\P{Cf})*$";
const SINGLE_LINE = new RegExp(SINGLE_LINE_PATTERN, "u");
const NO_FORMAT_CHARS = new RegExp(NO_FORMAT_CHARS_PATTERN, "u");

function trimFields(fields: ContactFields): ContactFields {
  return { name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim() };
}

/**
 * Checks the fields in the order the UI needs: any blank one first (R-4.3), then the length limits,
 * control characters in name and email, and the e-mail format. `value` holds the trimmed fields.
 */
export function validateFields(fields: ContactFields): ValidationResult {
  const value = trimFields(fields);
  for (const field of FIELD_ORDER) {
    if (value[field] === "") return { ok: false, problem: "empty", field };
  }
  for (const field of FIELD_ORDER) {
    if (value[field].length > LIMITS[field]) return { ok: false, problem: "too-long", field };
  }
  for (const field of SINGLE_LINE_FIELDS) {
    if (!SINGLE_LINE.test(value[field])) return { ok: false, problem: "control-chars", field };
  }
  if (!NO_FORMAT_CHARS.test(value.name)) return { ok: false, problem: "format-chars", field: "name" };
  if (!EMAIL_PATTERN.test(value.email)) return { ok: false, problem: "email", field: "email" };
  return { ok: true, value };
}

/** Trimmed fields, a UUID v4 id and the client time. */
export function createMessage(
  fields: ContactFields,
  options: { id?: string; now?: number } = {},
): ContactMessage {
  return {
    ...trimFields(fields),
    id: options.id ?? crypto.randomUUID(),
    createdAt: options.now ?? Date.now(),
  };
}
