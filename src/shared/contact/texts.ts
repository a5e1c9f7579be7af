/** The sentence a failed check of the fields shows: the page's modal and the server's no-JS result page share it. */
import type { ContactFields, ValidationResult } from "./message";
import { LIMITS } from "./protocol";

type Problem = Exclude<ValidationResult, { ok: true }>["problem"];

/** The words it is made of: `ui.contact` of `src/content/interface.ts`, one sentence per problem. */
export interface ValidationWords {
  fields: Readonly<Record<keyof ContactFields, string>>;
  invalid: Readonly<Record<Exclude<Problem, "too-long">, string>> & {
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
