/** The outbox's names and change messages, without its code: a page can listen without loading it. */
export const OUTBOX_DB_NAME = "portfolio-outbox";
export const OUTBOX_STORE_NAME = "entries";
/** The name of the Background Sync tag, of the Web Lock every drain holds, and of the channel. */
export const OUTBOX_NAME = "contact-outbox";

export type OutboxActor = "worker" | "page";

export type OutboxMessage =
  /** Entries were added, updated or removed: read the outbox again. */
  | { type: "OUTBOX_CHANGED"; from: OutboxActor }
  /** A queued message was saved and notified, and left the outbox. */
  | { type: "OUTBOX_DELIVERED"; id: string; from: OutboxActor };

export function isOutboxMessage(value: unknown): value is OutboxMessage {
  if (typeof value !== "object" || value === null) return false;
  const { type, from, id } = value as Record<string, unknown>;
  if (from !== "worker" && from !== "page") return false;
  return type === "OUTBOX_CHANGED" || (type === "OUTBOX_DELIVERED" && typeof id === "string");
}

/** The outbox's BroadcastChannel (a no-op where there is none); a channel never hears its own messages. */
export function createOutboxChannel(onMessage?: (message: OutboxMessage) => void) {
  if (typeof BroadcastChannel === "undefined") return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(OUTBOX_NAME);
  if (onMessage) {
    channel.onmessage = (event: MessageEvent) => {
      if (isOutboxMessage(event.data)) onMessage(event.data);
    };
  }
  return {
    post(message: OutboxMessage) {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (the context is going away): nobody is left to tell.
      }
    },
    close: () => channel.close(),
  };
}
