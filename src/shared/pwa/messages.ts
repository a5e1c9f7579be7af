/** The messages the page sends the service worker about its lifecycle, defined once for both sides. */
export const PWA_MESSAGE = {
  /** page → waiting worker: activate now (sent only after the visitor clicked "Reload"). */
  skipWaiting: "SKIP_WAITING",
} as const;

export const skipWaitingMessage = { type: PWA_MESSAGE.skipWaiting } as const;

/** True for a message this module defines for the worker (other features post their own messages). */
export function isPageToWorkerMessage(data: unknown): data is typeof skipWaitingMessage {
  return (data as { type?: unknown } | null | undefined)?.type === PWA_MESSAGE.skipWaiting;
}
