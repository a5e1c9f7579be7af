/**
 * The messages the page and the service worker exchange about the worker's lifecycle, defined once
 * for both sides. Plain data only: no DOM, no worker globals.
 */

/** Every message type, named once. */
export const PWA_MESSAGE = {
  /** page → waiting worker: activate now (sent only after the visitor clicked "Reload"). */
  skipWaiting: "SKIP_WAITING",
  /** page → worker, over a MessageChannel: which build are you? */
  getVersion: "GET_VERSION",
  /** worker → page: the answer to GET_VERSION. */
  version: "VERSION",
} as const;

export interface SkipWaitingMessage {
  type: typeof PWA_MESSAGE.skipWaiting;
}

export interface GetVersionMessage {
  type: typeof PWA_MESSAGE.getVersion;
}

export interface VersionMessage {
  type: typeof PWA_MESSAGE.version;
  /** The build id baked into the worker (BUILD_ID at build time, else the package version). */
  version: string;
}

/** What the page may send to the worker. */
export type PageToWorkerMessage = SkipWaitingMessage | GetVersionMessage;
/** What the worker sends back. */
export type WorkerToPageMessage = VersionMessage;

export const skipWaitingMessage: SkipWaitingMessage = { type: PWA_MESSAGE.skipWaiting };
export const getVersionMessage: GetVersionMessage = { type: PWA_MESSAGE.getVersion };

export function versionMessage(version: string): VersionMessage {
  return { type: PWA_MESSAGE.version, version };
}

function hasType(data: unknown): data is { type: unknown } {
  return typeof data === "object" && data !== null && "type" in data;
}

/** True for a message this module defines for the worker (other features post their own messages). */
export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  return hasType(data) && (data.type === PWA_MESSAGE.skipWaiting || data.type === PWA_MESSAGE.getVersion);
}

export function isVersionMessage(data: unknown): data is VersionMessage {
  return (
    hasType(data) &&
    data.type === PWA_MESSAGE.version &&
    typeof (data as { version?: unknown }).version === "string"
  );
}
