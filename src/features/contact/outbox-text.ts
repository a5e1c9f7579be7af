import { profile } from "../../content/profile";

/** The texts of the outbox UI, in one place. */
export const OUTBOX_TEXT = {
  waiting: (count: number) =>
    count === 0 ? "" : count === 1 ? "1 message waiting to be sent" : `${count} messages waiting to be sent`,
  waitingHint: "It will be sent automatically when the connection returns.",
  waitingHintMany: "They will be sent automatically when the connection returns.",
  failedTitle: (count: number) =>
    count === 1 ? "1 message could not be sent" : `${count} messages could not be sent`,
  failedReason: (error: string | null) =>
    error ? `The server refused it: ${error}` : "The server refused it.",
  retry: "Retry",
  discard: "Discard",
  confirmTitle: "Discard this message?",
  confirmText: "It will be deleted from this device and not sent.",
  confirmDiscard: "Discard message",
  delivered: (count: number) =>
    count === 1
      ? `Your message to ${profile.name} was sent.`
      : `Your ${count} messages to ${profile.name} were sent.`,
  dismiss: "Dismiss",
} as const;
