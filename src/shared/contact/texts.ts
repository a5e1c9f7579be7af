/** What a visitor reads about a submit: the page's modal and the server's no-JS result page share it. */
import type { ContactFields, ValidationResult } from "./message";
import { LIMITS } from "./protocol";

/** The exact 'Please Fill all Fields!' of R-8 (docs/requirements.md), plus our own texts for the checks R-5 leaves open. */
export const VALIDATION_TEXT = {
  empty: "Please Fill all Fields!",
  email: "Please enter a valid email address.",
  controlChars: "Name and Email must be a single line of text.",
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
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

export function validationText(problem: Exclude<ValidationResult, { ok: true }>): string {
  switch (problem.problem) {
    case "empty":
      return VALIDATION_TEXT.empty;
    case "email":
      return VALIDATION_TEXT.email;
    case "control-chars":
      return VALIDATION_TEXT.controlChars;
    case "too-long":
      return VALIDATION_TEXT.tooLong(FIELD_LABELS[problem.field], LIMITS[problem.field]);
  }
}
