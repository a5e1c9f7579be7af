/**
 * Stands in for src/shared/contact/firestore.ts in the worker bundle when the build has no Firebase
 * configuration (`__PIPELINE_CONFIG__.firebase === null`), so Firebase is not bundled into sw.js at
 * all. vite.config.ts swaps the module in for the worker build only; the page is unaffected. With
 * that configuration `createDeliverDeps` picks the local store and never calls this.
 */
import type * as Firestore from "../src/shared/contact/firestore";

const disabled = {
  CONTACT_COLLECTION: "users",
  DEFAULT_FIREBASE_APP_NAME: "contact",
  createFirestoreSave: () => async () => ({
    ok: false,
    reason: "rejected",
    retryable: false,
    error: "Firestore is not configured in this build.",
  }),
  // Fails to type-check if firestore.ts gains an export this stand-in lacks, or changes one.
} satisfies typeof Firestore;

export const { CONTACT_COLLECTION, DEFAULT_FIREBASE_APP_NAME, createFirestoreSave } = disabled;
