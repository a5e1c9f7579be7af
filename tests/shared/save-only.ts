/**
 * Shared by the save-step suites (firestore, local) and deliver's own: deliver with a notify step
 * that only records whether it ran, and the result deliver gives when the save could not reach
 * its store.
 */
import { expect } from "vitest";
import { type DeliverResult, deliver, type SaveStep } from "../../src/shared/contact/deliver";
import type { ContactMessage } from "../../src/shared/contact/message";

/** deliver(message) with `save`, and whether notify was called. */
export async function deliverSaveOnly(
  message: ContactMessage,
  save: SaveStep,
): Promise<{ result: DeliverResult; notified: boolean }> {
  let notified = false;
  const result = await deliver(message, {
    save,
    notify: async () => {
      notified = true;
      return { ok: true, success: true, text: "", status: 200 };
    },
  });
  return { result, notified };
}

/** The result of a save that could not reach its store: a retryable network failure naming `error`. */
export function saveUnreachable(error: string) {
  return {
    status: "failed",
    step: "save",
    failure: {
      ok: false,
      reason: "network",
      retryable: true,
      error: expect.stringContaining(error),
    },
  };
}
