/** What a visitor reads about a submit: the page's modal and the server's no-JS result page share it. */
import type { ContactFields, ValidationResult } from "./message";
import { LIMITS } from "./protocol";

/** The exact 'Please Fill all Fields!' of R-8 (docs/requirements.md), plus our own texts for the checks R-5 leaves open. */
export const VALIDATION_TEXT = {
  empty: "Please Fill all Fields!",
  email: "Please enter a valid email address.",
  "control-chars": "Name and Email must be a single line of text.",
  "format-chars": "The name contains characters that are not allowed.",
  "too-long": (field: keyof ContactFields) =>
    `${FIELD_LABELS[field]} can be at most ${LIMITS[field]} characters.`,
} as const;

export const RESULT_TITLE = {
  invalid: "Almost there",
  sent: "Message sent",
  notSent: "Message not sent",
} as const;

export const FIELD_LABELS: Record<keyof ContactFields, string> = {
  name: "Name",
  email: "Email",
  message: "Message",
};

export function validationText({ problem, field }: Exclude<ValidationResult, { ok: true }>): string {
  const text = VALIDATION_TEXT[problem];
  return typeof text === "string" ? text : text(field);
}
