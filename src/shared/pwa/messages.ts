/**
 * The messages the page sends the service worker about its lifecycle, defined once for both sides.
 * Plain data only: no DOM, no worker globals.
 */

/** Every message type, named once. */
export const PWA_MESSAGE = {
  /** page → waiting worker: activate now (sent only after the visitor clicked "Reload"). */
  skipWaiting: "SKIP_WAITING",
} as const;

export interface SkipWaitingMessage {
  type: typeof PWA_MESSAGE.skipWaiting;
}

/** What the page may send to the worker. */
export type PageToWorkerMessage = SkipWaitingMessage;

export const skipWaitingMessage: SkipWaitingMessage = { type: PWA_MESSAGE.skipWaiting };

/** True for a message this module defines for the worker (other features post their own messages). */
export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  return (
    typeof data === "object" &&
    data !== null &&
    "type" in data &&
    (data as { type: unknown }).type === PWA_MESSAGE.skipWaiting
  );
}
