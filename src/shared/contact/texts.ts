/** The sentence a failed check of the fields shows: the page's modal and the server's no-JS result page share it. */
import type { ContactFields, ValidationResult } from "./message";
import { LIMITS } from "./protocol";

/** The words it is made of: `ui.contact` of `src/content/interface.ts`. */
export interface ValidationWords {
  fields: Readonly<Record<keyof ContactFields, string>>;
  invalid: Readonly<Record<"empty" | "email" | "control-chars", string>> & {
    "too-long": (field: string, limit: number) => string;
  };
}

export function validationText(
  words: ValidationWords,
  { problem, field }: Exclude<ValidationResult, { ok: true }>,
): string {
  return problem === "too-long"
    ? words.invalid["too-long"](words.fields[field], LIMITS[field])
    : words.invalid[problem];
}
