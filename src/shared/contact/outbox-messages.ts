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

/** Posts outbox messages on the channel; a no-op where BroadcastChannel does not exist. */
export interface OutboxAnnouncer {
  post(message: OutboxMessage): void;
  close(): void;
}

export function createOutboxAnnouncer(): OutboxAnnouncer {
  if (typeof BroadcastChannel === "undefined") return { post: () => {}, close: () => {} };
  let channel: BroadcastChannel | undefined;
  return {
    post(message) {
      channel ??= new BroadcastChannel(OUTBOX_CHANNEL_NAME);
      try {
        channel.postMessage(message);
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
