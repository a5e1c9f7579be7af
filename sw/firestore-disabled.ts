/**
 * Stands in for src/shared/contact/firestore.ts in the worker bundle (vite.config.ts) when the build
 * has no Firebase configuration, so Firebase stays out of sw.js; `createDeliverDeps` never calls it.
 */
import type * as Firestore from "../src/shared/contact/firestore";

const disabled = {
  createFirestoreSave: () => async () => ({
    ok: false,
    reason: "rejected",
    retryable: false,
    error: "Firestore is not configured in this build.",
  }),
  // Fails to type-check if firestore.ts gains an export this stand-in lacks, or changes one.
} satisfies typeof Firestore;

export const { createFirestoreSave } = disabled;
