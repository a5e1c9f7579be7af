/**
 * The messages the page(s) and the service worker exchange about the outbox, defined once.
 * They travel over a BroadcastChannel (available in pages and workers), so every open page of
 * the origin hears what the worker, or another tab, did.
 */

export const OUTBOX_CHANNEL_NAME = "contact-outbox";

/** Who did it: the service worker's sync handler, or a page (fallback drain, Retry, Discard, submit). */
export type OutboxActor = "worker" | "page";

export type OutboxMessage =
  /** Entries were added, updated or removed: re-read the outbox (waiting count, failed list). */
  | { type: "OUTBOX_CHANGED"; from: OutboxActor }
  /** A queued message was saved and notified, and left the outbox. */
  | { type: "OUTBOX_DELIVERED"; id: string; from: OutboxActor }
  /** A queued message was refused for good; it stays in the outbox, marked failed. */
  | { type: "OUTBOX_FAILED"; id: string; error: string; from: OutboxActor };

const ACTORS: readonly string[] = ["worker", "page"] satisfies OutboxActor[];

export function isOutboxMessage(value: unknown): value is OutboxMessage {
  if (typeof value !== "object" || value === null) return false;
  const { type, from, id, error } = value as Record<string, unknown>;
  if (typeof from !== "string" || !ACTORS.includes(from)) return false;
  switch (type) {
    case "OUTBOX_CHANGED":
      return true;
    case "OUTBOX_DELIVERED":
      return typeof id === "string";
    case "OUTBOX_FAILED":
      return typeof id === "string" && typeof error === "string";
    default:
      return false;
  }
}

/**
 * The outbox channel between the worker, pages and tabs: posts outbox messages and, when given a
 * listener, hears the valid ones (anything else on the channel is ignored). A no-op where
 * BroadcastChannel does not exist. The channel never echoes a message to its own sender.
 */
export interface OutboxChannel {
  post(message: OutboxMessage): void;
  close(): void;
}

export function createOutboxChannel(onMessage?: (message: OutboxMessage) => void): OutboxChannel {
  if (typeof BroadcastChannel === "undefined") return { post: () => {}, close: () => {} };
  let channel: BroadcastChannel | undefined;
  const open = (): BroadcastChannel => {
    if (channel) return channel;
    const opened = new BroadcastChannel(OUTBOX_CHANNEL_NAME);
    if (onMessage) {
      opened.onmessage = (event: MessageEvent) => {
        if (isOutboxMessage(event.data)) onMessage(event.data);
      };
    }
    channel = opened;
    return opened;
  };
  // A listener listens from now on; a sender opens the channel on its first message.
  if (onMessage) open();
  return {
    post(message) {
      try {
        open().postMessage(message);
      } catch {
        // A closed channel (the context is going away): nobody is left to tell.
      }
    },
    close() {
      channel?.close();
      channel = undefined;
    },
  };
}
