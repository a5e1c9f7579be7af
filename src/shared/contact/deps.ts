import type { FirebaseOptions } from "firebase/app";
import type { DeliverDeps } from "./deliver";
import { createFirestoreSave } from "./firestore";
import { createLocalSave } from "./local";
import { createNotify } from "./notify";

/** Everything the pipeline needs, as plain data (the page reads it from env, the worker has it baked in). */
export interface PipelineConfig {
  /** Base URL of the server (set by VITE_NOTIFY_URL); "" means the page's own origin. */
  serverUrl: string;
  /** Sent as `x-api-key`. Public: it ships in the bundle. */
  apiKey: string;
  /** Firestore settings; `null` selects the bundled server's local store. */
  firebase: FirebaseOptions | null;
  firestoreEmulator?: { host: string; port: number } | undefined;
}

/** The save and notify steps for a configuration: Firestore when configured, else the local store. */
export function createDeliverDeps(
  config: PipelineConfig,
  fetchImpl?: typeof fetch,
): Pick<DeliverDeps, "save" | "notify"> {
  const http = { baseUrl: config.serverUrl, apiKey: config.apiKey, fetch: fetchImpl };
  const save = config.firebase
    ? createFirestoreSave({ firebase: config.firebase, emulator: config.firestoreEmulator })
    : createLocalSave(http);
  return { save, notify: createNotify(http) };
}
