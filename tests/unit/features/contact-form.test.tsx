// A real IndexedDB implementation for the outbox (jsdom has none).
import "fake-indexeddb/auto";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadOutboxClient } from "../../../src/features/contact/load-outbox-client";
import { resetOutboxStore } from "../../../src/features/contact/outbox-store";
import { CONTACT_TEXT, submitContact } from "../../../src/features/contact/submit-contact";
import type { DeliverResult, StepFailure } from "../../../src/shared/contact/deliver";
import type { ContactMessage } from "../../../src/shared/contact/message";
import { openOutbox } from "../../../src/shared/contact/outbox";
import { useAppStore } from "../../../src/store/app-store";
import { renderApp } from "../render-app";

const outbox = openOutbox();

async function emptyOutbox() {
  for (const entry of await outbox.list()) await outbox.remove(entry.id);
}

afterEach(async () => {
  // Unmount first (this hook runs before the setup file's cleanup), then empty the outbox.
  cleanup();
  vi.restoreAllMocks();
  await emptyOutbox();
  resetOutboxStore();
});

afterAll(async () => {
  (await loadOutboxClient()).stop();
});

async function openContact() {
  const user = userEvent.setup();
  renderApp("/contact");
  await screen.findByRole("heading", { level: 1, name: "Let's Talk" });
  return user;
}

describe("contact form: the empty-field rule", () => {
  it("has labelled, required fields of the right kinds", async () => {
    await openContact();
    const name = screen.getByLabelText("Name");
    const email = screen.getByLabelText("Email");
    const message = screen.getByLabelText("Message");
    for (const field of [name, email, message]) expect(field).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(message.tagName).toBe("TEXTAREA");
    expect(message).toHaveAttribute("rows", "6");
    expect(screen.getByRole("button", { name: "Say Hello 👋" })).toBeInTheDocument();
  });

  it.each([
    ["all empty", "", "", ""],
    ["name empty", "", "zoe@example.com", "Hi"],
    ["email only spaces", "Zoë", "   ", "Hi"],
    ["message only spaces", "Zoë", "zoe@example.com", "  \n  "],
  ])("%s → 'Please Fill all Fields!' and nothing is lost", async (_case, name, email, message) => {
    const user = await openContact();
    if (name) await user.type(screen.getByLabelText("Name"), name);
    if (email) await user.type(screen.getByLabelText("Email"), email);
    if (message) await user.type(screen.getByLabelText("Message"), message);
    await user.click(screen.getByRole("button", { name: "Say Hello 👋" }));

    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Please Fill all Fields!");
    expect(useAppStore.getState().submitting).toBe(false);
    expect(screen.getByLabelText("Name")).toHaveValue(name);
    expect(screen.getByLabelText("Message")).toHaveValue(message);

    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(dialog).not.toHaveAttribute("open"));
    expect(screen.getByRole("button", { name: "Say Hello 👋" })).toHaveFocus();
  });

  it("refuses an address that is not an e-mail address", async () => {
    const user = await openContact();
    await user.type(screen.getByLabelText("Name"), "Zoë");
    await user.type(screen.getByLabelText("Email"), "not-an-address");
    await user.type(screen.getByLabelText("Message"), "Hi");
    await user.click(screen.getByRole("button", { name: "Say Hello 👋" }));
    expect(await screen.findByRole("dialog")).toHaveTextContent("Please enter a valid email address.");
    expect(screen.getByLabelText("Email")).toHaveValue("not-an-address");
  });
});

describe("contact form: the send sequence (R-4.3)", () => {
  function fill() {
    const { setField } = useAppStore.getState();
    setField("name", " Zoë ");
    setField("email", "zoe@example.com");
    setField("message", "Hello 🚀");
  }

  it("sets the flag while sending, shows the server's msg, then clears flag and fields", async () => {
    fill();
    const sent: ContactMessage[] = [];
    let flagDuringSend = false;
    const modal = await submitContact({
      send: async (message) => {
        sent.push(message);
        flagDuringSend = useAppStore.getState().submitting;
        return { status: "answered", success: true, text: "Thanks!", httpStatus: 200, retryable: false };
      },
    });
    expect(flagDuringSend).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: "Zoë", email: "zoe@example.com", message: "Hello 🚀" });
    expect(modal).toEqual({ title: "Message sent", text: "Thanks!" });
    expect(useAppStore.getState().submitting).toBe(false);
    expect(useAppStore.getState().fields).toEqual({ name: "", email: "", message: "" });
  });

  it("shows the server's error when success is not true, and still clears the fields", async () => {
    fill();
    const modal = await submitContact({
      send: async () => ({
        status: "answered",
        success: false,
        text: "Mail is down.",
        httpStatus: 502,
        retryable: true,
      }),
    });
    expect(modal).toEqual({ title: "Message not sent", text: "Mail is down." });
    expect(useAppStore.getState().fields.message).toBe("");
  });

  it.each<[string, () => Promise<DeliverResult>]>([
    [
      "a failed save",
      async () => ({
        status: "failed",
        step: "save",
        failure: { ok: false, reason: "rejected", retryable: false, error: "denied" },
      }),
    ],
    [
      "a thrown error",
      async () => {
        throw new Error("boom");
      },
    ],
  ])("shows nothing after %s, and clears flag and fields", async (_case, send) => {
    fill();
    expect(await submitContact({ send })).toBeNull();
    expect(useAppStore.getState().submitting).toBe(false);
    expect(useAppStore.getState().fields).toEqual({ name: "", email: "", message: "" });
  });

  it("makes a second submit impossible while one is in flight", async () => {
    fill();
    let release: (result: DeliverResult) => void = () => {};
    let calls = 0;
    const send = () => {
      calls += 1;
      return new Promise<DeliverResult>((resolve) => {
        release = resolve;
      });
    };
    const first = submitContact({ send });
    expect(await submitContact({ send })).toBeNull();
    expect(calls).toBe(1);
    await act(async () =>
      release({ status: "answered", success: true, text: "ok", httpStatus: 200, retryable: false }),
    );
    expect(await first).toEqual({ title: "Message sent", text: "ok" });
  });

  it("shows the loading animation in place of the label while submitting", async () => {
    await openContact();
    act(() => useAppStore.getState().setSubmitting(true));
    const button = await screen.findByRole("button", { name: /Sending your message/ });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toHaveTextContent("Say Hello");
  });
});

describe("contact form: no network → the outbox (R-11.4)", () => {
  function fill() {
    const { setField } = useAppStore.getState();
    setField("name", "Zoë");
    setField("email", "zoe@example.com");
    setField("message", "Written on a train");
  }

  const networkFailure: StepFailure = {
    ok: false,
    reason: "network",
    retryable: true,
    error: "Could not reach the notification server: fetch failed",
  };

  it("offline: queues without trying the network, says so, and clears the fields", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = await openContact();
    await act(async () => {
      const client = await loadOutboxClient();
      await client.start();
      await client.refresh();
    });
    await user.type(screen.getByLabelText("Name"), "Zoë");
    await user.type(screen.getByLabelText("Email"), "zoe@example.com");
    await user.type(screen.getByLabelText("Message"), "Written on a train");
    await user.click(screen.getByRole("button", { name: "Say Hello 👋" }));

    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(CONTACT_TEXT.queuedTitle);
    expect(dialog).toHaveTextContent(
      "You're offline. Your message is saved on this device and will be sent automatically when the connection returns.",
    );
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");

    const entries = await outbox.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      schemaVersion: 1,
      status: "pending",
      saved: false,
      notified: false,
      attempts: 0,
      message: { name: "Zoë", email: "zoe@example.com", message: "Written on a train" },
    });
    expect(entries[0]?.id).toBe(entries[0]?.message.id);
    expect(fetchSpy).not.toHaveBeenCalled();
    // The contact page counts it.
    expect(await screen.findByText("1 message waiting to be sent")).toHaveAttribute("role", "status");
  });

  it("notify failed at the network level after the save: queued with saved: true", async () => {
    fill();
    let sent: ContactMessage | undefined;
    const modal = await submitContact({
      send: async (message) => {
        sent = message;
        return { status: "failed", step: "notify", failure: networkFailure };
      },
    });
    expect(modal).toEqual({ title: CONTACT_TEXT.queuedTitle, text: CONTACT_TEXT.queuedUnreachable });
    expect(useAppStore.getState().fields).toEqual({ name: "", email: "", message: "" });
    expect(await outbox.list()).toMatchObject([
      { id: sent?.id, saved: true, attempts: 1, lastError: networkFailure.error, status: "pending" },
    ]);
  });

  it("the save failed at the network level: queued with saved: false", async () => {
    fill();
    const modal = await submitContact({
      send: async () => ({ status: "failed", step: "save", failure: networkFailure }),
    });
    expect(modal?.title).toBe(CONTACT_TEXT.queuedTitle);
    expect(await outbox.list()).toMatchObject([{ saved: false, attempts: 1 }]);
  });

  it.each<[string, DeliverResult, string | null]>([
    [
      "a 5xx answer",
      { status: "answered", success: false, text: "Mail is down.", httpStatus: 502, retryable: true },
      "Mail is down.",
    ],
    [
      "a 400 answer",
      { status: "answered", success: false, text: "Invalid email", httpStatus: 400, retryable: false },
      "Invalid email",
    ],
    [
      "a non-network save failure",
      {
        status: "failed",
        step: "save",
        failure: { ok: false, reason: "rejected", retryable: true, error: "HTTP 503", status: 503 },
      },
      null,
    ],
  ])("%s is a server answer: not queued, the spec's outcome", async (_case, result, text) => {
    fill();
    const queued: ContactMessage[] = [];
    const modal = await submitContact({
      send: async () => result,
      queue: async (message) => {
        queued.push(message);
      },
    });
    expect(modal?.text ?? null).toBe(text);
    expect(queued).toEqual([]);
    expect(await outbox.list()).toEqual([]);
    expect(useAppStore.getState().fields).toEqual({ name: "", email: "", message: "" });
  });

  it("when the outbox cannot store it either: says so and keeps the fields", async () => {
    fill();
    const modal = await submitContact({
      isOnline: () => false,
      queue: async () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    });
    expect(modal).toEqual({ title: CONTACT_TEXT.notSavedTitle, text: CONTACT_TEXT.notSaved });
    expect(useAppStore.getState().fields).toEqual({
      name: "Zoë",
      email: "zoe@example.com",
      message: "Written on a train",
    });
    expect(useAppStore.getState().submitting).toBe(false);
  });
});
