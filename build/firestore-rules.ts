/**
 * `firestore.rules`, written by `npm run build` from the message contract
 * (`src/shared/contact/protocol.ts`): its collection, field names, limits and the id's pattern have
 * one home there. `tests/build/firestore-rules.test.ts` fails when the committed file differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { FIRESTORE_MESSAGES, LIMITS, MESSAGE_ID_PATTERN } from "../src/shared/contact/protocol";

export const FIRESTORE_RULES = "firestore.rules";

export function firestoreRules(): string {
  const { collection, fields } = FIRESTORE_MESSAGES;
  const { name, email, message } = fields;
  const keys = `['${name}', '${email}', '${message}', 'createdAt']`;
  return `rules_version = '2';

// Written by \`npm run build\` from src/shared/contact/protocol.ts: edit that file, not this one.
// Visitors can only create contact messages, and repeat the same one (a retry): never read, list,
// delete or change anything.
service cloud.firestore {
  match /databases/{database}/documents {
    function validMessage(data) {
      return data.keys().hasOnly(${keys})
        && data.keys().hasAll(${keys})
        && data.${name} is string && data.${name}.size() >= 1 && data.${name}.size() <= ${LIMITS.name}
        && !data.${name}.matches('.*[\\\\x00-\\\\x1F\\\\x7F].*')
        && data.${email} is string && data.${email}.size() >= 3 && data.${email}.size() <= ${LIMITS.email}
        && data.${email}.matches('^[^@\\\\s]+@[^@\\\\s]+\\\\.[^@\\\\s]+$')
        && data.${message} is string && data.${message}.size() >= 1 && data.${message}.size() <= ${LIMITS.message}
        && data.createdAt == request.time;
    }

    match /${collection}/{id} {
      // The document id is the message's id, chosen by the client so a retry cannot duplicate it.
      allow create: if id.matches('${MESSAGE_ID_PATTERN}')
        && validMessage(request.resource.data);
      // A retry of a save that already landed (the page went offline before it heard back)
      // rewrites the same three fields; nothing else may change.
      allow update: if validMessage(request.resource.data)
        && request.resource.data.${name} == resource.data.${name}
        && request.resource.data.${email} == resource.data.${email}
        && request.resource.data.${message} == resource.data.${message};
    }

    match /{document=**} {
      allow read, write: if false;
    }
  }
}
`;
}

/** Writes the rules if they changed; true when they did. */
export function writeFirestoreRules(path: string): boolean {
  const next = firestoreRules();
  if (readFileSync(path, "utf8") === next) return false;
  writeFileSync(path, next);
  return true;
}
