/**
 * The outbox on the contact page (waiting count, failed entries with Retry/Discard) and the
 * "sent" notice, on a real IndexedDB implementation (fake-indexeddb) and the real outbox controller.
 */
import "fake-indexeddb/auto";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { profile } from "../../../src/content/profile";
import { loadOutboxController, updateOutboxView } from "../../../src/features/contact/outbox-facade";
import { createMessage } from "../../../src/shared/contact/message";
import { OUTBOX_NAME, type OutboxMessage } from "../../../src/shared/contact/outbox-channel";
import { openOutbox } from "../../../src/shared/contact/outbox-store";
import { renderApp } from "../render-app";

const outbox = openOutbox();
const entryOf = async (id: string) => (await outbox.list()).find((entry) => entry.id === id);
let n = 0;

function message(text = `Message ${++n}`) {
  return createMessage({ name: "Zoë", email: "zoe@example.com", message: text });
}

async function queueFailed(text: string, error: string) {
  const m = message(text);
  await outbox.add(m, { kind: "refused", text: error, status: 403, saved: true });
  return m;
}

/** The waiting count's live region, which the contact page renders once the outbox watcher is in. */
function waitingCount(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.outbox-waiting [role="status"]');
}

/**
 * Renders the contact page and waits until its outbox view has mounted (its chunk arrives after
 * the page) and the outbox controller has read the outbox.
 */
async function openContact() {
  const user = userEvent.setup();
  renderApp("/contact");
  await screen.findByRole("heading", { level: 1, name: "Let's Talk" });
  await waitFor(() => expect(waitingCount()).not.toBeNull());
  await act(async () => (await loadOutboxController()).start());
  return user;
}

/** What the service worker posts on the outbox's channel when it changed an entry. */
function workerChanged() {
  const worker = new BroadcastChannel(OUTBOX_NAME);
  worker.postMessage({ type: "OUTBOX_CHANGED", from: "worker" } satisfies OutboxMessage);
  worker.close();
}

beforeAll(async () => {
  // The contact page's own lazy parts (its outbox view, the refused list, the outbox controller; the
  // pages are loaded by tests/unit/setup.ts): compiled once here, so the first test's wait limit
  // does not pay for them.
  await Promise.all([
    import("../../../src/features/contact/outbox-status-view"),
    import("../../../src/features/contact/outbox-refused-view"),
    loadOutboxController(),
  ]);
}, 60_000);

beforeEach(() => {
  // Offline: the controller's drains try nothing (jsdom has no server to send to).
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  (await loadOutboxController()).stop();
  for (const entry of await outbox.list()) await outbox.remove(entry.id);
  updateOutboxView({ ready: false, entries: [], delivered: 0 });
});

afterAll(async () => {
  (await loadOutboxController()).stop();
});

describe("the outbox on the contact page", () => {
  it("shows no count when nothing waits", async () => {
    await openContact();
    expect(waitingCount()).toBeEmptyDOMElement();
  });

  it("shows how many messages wait, updated live", async () => {
    await outbox.add(message());
    await outbox.add(message());
    await openContact();
    expect(screen.getByText("2 messages waiting to be sent")).toHaveAttribute("role", "status");

    const controller = await loadOutboxController();
    await act(() => controller.queue(message()));
    expect(await screen.findByText("3 messages waiting to be sent")).toHaveAttribute("role", "status");
    expect(screen.getByText("They will be sent automatically.")).toBeVisible();
  });

  it("lists a refused message with its date, the server's error, Retry and Discard", async () => {
    const refused = await queueFailed("Please call me back", "Invalid email");
    await openContact();
    const section = screen.getByRole("region", { name: "1 message could not be sent" });
    expect(section).toHaveTextContent("“Please call me back”");
    // When it was written, in the page's language (tests/unit/features/outbox-date.test.tsx).
    const written = section.querySelector("time");
    expect(written).toHaveAttribute("datetime", new Date(refused.createdAt).toISOString());
    expect(written).toHaveTextContent(
      new Intl.DateTimeFormat(profile.lang, { dateStyle: "medium", timeStyle: "short" }).format(
        refused.createdAt,
      ),
    );
    expect(section).toHaveTextContent("The server refused it: Invalid email");
    expect(within(section).getByRole("button", { name: "Retry" })).toHaveAccessibleDescription(
      /Zoë \(zoe@example\.com\)/,
    );
    expect(within(section).getByRole("button", { name: "Discard" })).toBeVisible();
    // A failed entry is not counted as waiting.
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
  });

  it("lists a message refused while the page is open (the list's chunk loads then)", async () => {
    const m = message("Refused later");
    await outbox.add(m);
    await openContact();
    expect(screen.getByText("1 message waiting to be sent")).toHaveAttribute("role", "status");
    expect(screen.queryByRole("region", { name: /could not be sent/ })).toBeNull();

    // What the worker's drain records, and announces, when the server refuses it.
    await outbox.update(m.id, (entry) => ({ ...entry, status: "failed", lastError: "Invalid email" }));
    workerChanged();
    const section = await screen.findByRole("region", { name: "1 message could not be sent" });
    expect(section).toHaveTextContent("“Refused later”");
    expect(waitingCount()).toBeEmptyDOMElement();
  });

  it("Discard asks first; keeping it changes nothing, confirming deletes it", async () => {
    const m = await queueFailed("Delete me maybe", "Invalid email");
    const user = await openContact();
    const section = screen.getByRole("region", { name: "1 message could not be sent" });

    await user.click(within(section).getByRole("button", { name: "Discard" }));
    let dialog = await screen.findByRole("dialog", { name: "Discard this message?" });
    expect(dialog).toHaveTextContent("“Delete me maybe” It will be deleted from this device and not sent.");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(dialog).not.toHaveAttribute("open"));
    expect(await entryOf(m.id)).toBeDefined();

    await user.click(within(section).getByRole("button", { name: "Discard" }));
    dialog = await screen.findByRole("dialog", { name: "Discard this message?" });
    await user.click(within(dialog).getByRole("button", { name: "Discard message" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: /could not be sent/ })).toBeNull());
    expect(await entryOf(m.id)).toBeUndefined();
  });

  it("Retry clears the failed mark and puts the message back in the queue", async () => {
    const m = await queueFailed("Try again", "Mailbox full");
    const user = await openContact();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    // Offline here, so the drain it starts sends nothing: the message waits again.
    expect(await screen.findByText("1 message waiting to be sent")).toBeVisible();
    expect(screen.queryByRole("region", { name: /could not be sent/ })).toBeNull();
    expect(await entryOf(m.id)).toMatchObject({ status: "pending", nextAttemptAt: null });
  });
});

describe("the 'sent' notice", () => {
  it("says so when the worker delivered a queued message, until dismissed", async () => {
    const user = await openContact();
    // What the service worker posts after its sync delivered a message.
    const worker = new BroadcastChannel(OUTBOX_NAME);
    const delivered: OutboxMessage = { type: "OUTBOX_DELIVERED", id: message().id, from: "worker" };
    try {
      worker.postMessage(delivered);
      const notice = await screen.findByText(`Your message to ${profile.name} was sent.`);
      expect(notice).toHaveAttribute("role", "status");

      worker.postMessage({ ...delivered, id: message().id });
      expect(await screen.findByText(`Your 2 messages to ${profile.name} were sent.`)).toBeVisible();

      await user.click(screen.getByRole("button", { name: "Dismiss" }));
      await waitFor(() => expect(screen.queryByText(/were sent/)).toBeNull());
    } finally {
      worker.close();
    }
  });

  it("ignores messages that are not outbox messages", async () => {
    await openContact();
    const other = new BroadcastChannel(OUTBOX_NAME);
    try {
      other.postMessage({ type: "OUTBOX_DELIVERED" });
      other.postMessage("OUTBOX_DELIVERED");
      other.postMessage({ type: "OUTBOX_DELIVERED", id: "x", from: "somebody" });
      // Messages arrive in order: one real delivery afterwards must count as the first.
      other.postMessage({ type: "OUTBOX_DELIVERED", id: message().id, from: "worker" });
      expect(await screen.findByText(`Your message to ${profile.name} was sent.`)).toBeVisible();
    } finally {
      other.close();
    }
  });
});
