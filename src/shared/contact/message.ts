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
  | { ok: false; problem: "empty" | "email" | "too-long" | "control-chars"; field: keyof ContactFields };

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

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

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
    if (CONTROL_CHARS.test(value[field])) return { ok: false, problem: "control-chars", field };
  }
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
