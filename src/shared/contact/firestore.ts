/**
 * The `firestore` save step: `setDoc` on `users/{message.id}` (FIRESTORE_MESSAGES) with `firebase/firestore/lite`
 * (fetch-based, so it also works in a service worker), imported on the first save.
 */
import type { FirebaseOptions } from "firebase/app";
import { cachedLoad } from "../cached-load";
import type { SaveOutcome, SaveStep } from "./deliver";
import {
  errorMessage,
  failureFromThrown,
  fieldsOf,
  networkFailure,
  type StepFailure,
  seconds,
} from "./failure";
import type { ContactMessage } from "./message";
import { FIRESTORE_MESSAGES, NOTIFY_TIMEOUT_MS } from "./protocol";

export interface FirestoreSaveOptions {
  firebase: FirebaseOptions;
  /** Point the SDK at a Firestore emulator (or a test double of one). */
  emulator?: { host: string; port: number };
  /** The named Firebase app this adapter initialises and reuses; default "contact". */
  appName?: string;
  /** Default NOTIFY_TIMEOUT_MS. Firestore Lite has no timeout of its own: past it the save is a network failure. */
  timeoutMs?: number;
}

/**
 * FirestoreError codes → StepFailure. "unknown" counts as network: Firestore Lite reports a
 * `fetch` that threw (offline, DNS, connection refused) and an unparsable answer (a captive
 * portal's page) with that code, and it is also what an HTTP 500 maps to, which is retryable
 * anyway; treating it as final would lose offline messages.
 */
function failureFromFirestore(error: unknown): StepFailure {
  const { name, code } = fieldsOf(error);
  if (name !== "FirebaseError" || typeof code !== "string") return failureFromThrown(error);
  const detail = errorMessage(error);
  if (code === "unavailable" || code === "deadline-exceeded" || code === "unknown") {
    return networkFailure(`The database could not be reached: ${detail}`);
  }
  return {
    ok: false,
    reason: "rejected",
    retryable: code === "resource-exhausted" || code === "aborted" || code === "internal",
    error: `The database refused the message (${code}): ${detail}`,
  };
}

export function createFirestoreSave(options: FirestoreSaveOptions): SaveStep {
  const timeoutMs = options.timeoutMs ?? NOTIFY_TIMEOUT_MS;

  // A failed start (chunk not loadable offline, bad config) is retried on the next save.
  const connect = cachedLoad(async () => {
    const [{ initializeApp }, lite] = await Promise.all([
      import("firebase/app"),
      import("firebase/firestore/lite"),
    ]);
    // Returns the existing app when one with this name and the same options exists.
    const app = initializeApp(options.firebase, options.appName ?? "contact");
    const db = lite.getFirestore(app);
    if (options.emulator) lite.connectFirestoreEmulator(db, options.emulator.host, options.emulator.port);
    return { lite, db };
  });

  return async (message: ContactMessage): Promise<SaveOutcome> => {
    const work = (async () => {
      const { lite, db } = await connect();
      // The document id is the message id, so a retry never duplicates.
      const { collection, fields } = FIRESTORE_MESSAGES;
      await lite.setDoc(lite.doc(db, collection, message.id), {
        [fields.name]: message.name,
        [fields.email]: message.email,
        [fields.message]: message.message,
        createdAt: lite.serverTimestamp(),
      });
    })();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(resolve, timeoutMs, false);
    });
    try {
      if (await Promise.race([work.then(() => true), timedOut])) return { ok: true };
      return networkFailure(`The database did not answer within ${seconds(timeoutMs)} s.`);
    } catch (error) {
      return failureFromFirestore(error);
    } finally {
      clearTimeout(timer);
    }
  };
}
