/**
 * The outbox's names and the messages the pages and the service worker exchange about it. No
 * dependencies: a page can check the outbox and listen for changes without loading the outbox
 * itself (./outbox-store.ts, which owns the entries and their schema).
 */

/** The IndexedDB database and object store of the outbox. */
export const OUTBOX_DB_NAME = "portfolio-outbox";
export const OUTBOX_STORE_NAME = "entries";
/** The name of the Background Sync tag, of the Web Lock every drain holds, and of the channel. */
export const OUTBOX_NAME = "contact-outbox";

/** Who did it: the service worker's sync handler, or a page (a drain, Retry, Discard, a submit). */
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

export interface OutboxChannel {
  post(message: OutboxMessage): void;
  close(): void;
}

/**
 * The outbox's BroadcastChannel, shared by the worker, pages and tabs: posts outbox messages and,
 * given a listener, hears the valid ones (anything else on the channel is ignored). A channel
 * never hears its own messages. A no-op where BroadcastChannel does not exist.
 */
export function createOutboxChannel(onMessage?: (message: OutboxMessage) => void): OutboxChannel {
  if (typeof BroadcastChannel === "undefined") return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(OUTBOX_NAME);
  if (onMessage) {
    channel.onmessage = (event: MessageEvent) => {
      if (isOutboxMessage(event.data)) onMessage(event.data);
    };
  }
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (the context is going away): nobody is left to tell.
      }
    },
    close: () => channel.close(),
  };
}
