/** The check of `npm run messages -- import`'s file, apart from the CLI so it runs without a process. */
import { readFileSync } from "node:fs";
import type { StoreRequestBody } from "../../src/shared/contact/protocol";
import { AJV_OPTIONS, importLineSchema, validationMessage } from "../contact/schemas";

/** Every line of an export file checked with the API's own schema; throws at the first bad one. */
export async function readImport(
  file: string,
): Promise<(StoreRequestBody & { createdAt: string; line: number })[]> {
  const [{ Ajv }, { default: addFormats }] = await Promise.all([import("ajv"), import("ajv-formats")]);
  const ajv = new Ajv(AJV_OPTIONS);
  addFormats(ajv);
  const valid = ajv.compile(importLineSchema);
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.flatMap((line, index) => {
    if (line.trim() === "") return [];
    const fail = (reason: string) => {
      throw new Error(`${file}, line ${index + 1}: ${reason} Nothing was imported.`);
    };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      fail("not a JSON object.");
    }
    if (!valid(value)) return fail(validationMessage("body", valid.errors?.[0]));
    const created = Date.parse(value.createdAt);
    if (Number.isNaN(created) || created > Date.now() + 60_000) {
      fail("createdAt must be a date and time (ISO 8601) that is not in the future.");
    }
    return [{ ...value, createdAt: new Date(created).toISOString(), line: index + 1 }];
  });
}
