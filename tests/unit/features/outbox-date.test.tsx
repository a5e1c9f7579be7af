/**
 * A refused message's date is written in the page's language (`profile.lang`), as the words around
 * it, whatever the visitor's own locale: here an Arabic (Egypt) page, whose dates use Arabic digits.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { updateOutboxView } from "../../../src/features/contact/outbox-facade";
import { OutboxRefused } from "../../../src/features/contact/outbox-refused-view";
import { createMessage } from "../../../src/shared/contact/message";
import { OUTBOX_SCHEMA_VERSION } from "../../../src/shared/contact/outbox-store";

vi.mock("../../../src/content/profile", async (original) => {
  const { profile } = await original<typeof import("../../../src/content/profile")>();
  return { profile: { ...profile, lang: "ar-EG" } };
});

afterEach(() => {
  cleanup();
  updateOutboxView({ ready: false, entries: [], delivered: 0 });
});

it("dates a refused message in the page's language, not the visitor's locale", () => {
  const message = createMessage({ name: "Zoë", email: "zoe@example.com", message: "Please call me back" });
  updateOutboxView({
    ready: true,
    entries: [
      {
        schemaVersion: OUTBOX_SCHEMA_VERSION,
        id: "refused",
        message,
        saved: true,
        status: "failed",
        attempts: 1,
        queuedAt: message.createdAt,
        nextAttemptAt: null,
        lastError: "Invalid email",
        lastStatus: 403,
      },
    ],
  });
  render(<OutboxRefused />);
  const options = { dateStyle: "medium", timeStyle: "short" } as const;
  const pages = new Intl.DateTimeFormat("ar-EG", options).format(message.createdAt);
  // The test's own locale writes it otherwise, so the check tells the two apart.
  expect(new Intl.DateTimeFormat(undefined, options).format(message.createdAt)).not.toBe(pages);
  expect(screen.getByRole("region").querySelector("time")).toHaveTextContent(pages);
});
