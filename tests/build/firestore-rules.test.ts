import { readFileSync } from "node:fs";
import { join } from "node:path";
import { FIRESTORE_RULES, firestoreRules } from "../../build/firestore-rules";
import { FIRESTORE_MESSAGES, LIMITS } from "../../src/shared/contact/protocol";

/**
 * The message contract has one home (src/shared/contact/protocol.ts); `npm run build` writes
 * firestore.rules from it. A change to the contract committed without a build fails here.
 */
const committed = readFileSync(join(import.meta.dirname, "../..", FIRESTORE_RULES), "utf8");

it("commits firestore.rules as the build writes it from the message contract", () => {
  expect(committed).toBe(firestoreRules());
});

it("holds the contract's collection, fields and limits", () => {
  const { collection, fields } = FIRESTORE_MESSAGES;
  expect(committed).toContain(`match /${collection}/{id}`);
  expect(committed).toContain(`data.${fields.name}.size() <= ${LIMITS.name}`);
  expect(committed).toContain(`data.${fields.email}.size() <= ${LIMITS.email}`);
  expect(committed).toContain(`data.${fields.message}.size() <= ${LIMITS.message}`);
  expect(committed).toContain("id.matches('^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')");
});
