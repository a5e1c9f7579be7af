// A real IndexedDB implementation for the outbox (jsdom has none).
import "fake-indexeddb/auto";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ui } from "../../../src/content/interface";
import { loadOutboxController, updateOutboxView } from "../../../src/features/contact/outbox-facade";
import { type SendMessage, submitContact } from "../../../src/features/contact/submit-contact";
import { type Decision, decide, deliver } from "../../../src/shared/contact/deliver";
import { createDeliverDeps } from "../../../src/shared/contact/deps";
import type { ContactMessage } from "../../../src/shared/contact/message";
import { openOutbox } from "../../../src/shared/contact/outbox-store";
import { useAppState } from "../../../src/state/app-state";
import { type RecordingServer, sendJson, startRecordingServer } from "../../shared/recording-server";
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
  updateOutboxView({ ready: false, entries: [], delivered: 0 });
});

afterAll(async () => {
  (await loadOutboxController()).stop();
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
    expect(useAppState.getState().submitting).toBe(false);
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
    const { setField } = useAppState.getState();
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
        flagDuringSend = useAppState.getState().submitting;
        return { kind: "sent", text: "Thanks!" };
      },
    });
    expect(flagDuringSend).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: "Zoë", email: "zoe@example.com", message: "Hello 🚀" });
    expect(modal).toEqual({ title: "Message sent", text: "Thanks!" });
    expect(useAppState.getState().submitting).toBe(false);
    expect(useAppState.getState().fields).toEqual({ name: "", email: "", message: "" });
  });

  it("makes a second submit impossible while one is in flight", async () => {
    fill();
    let release: (outcome: Decision) => void = () => {};
    let calls = 0;
    const send = () => {
      calls += 1;
      return new Promise<Decision>((resolve) => {
        release = resolve;
      });
    };
    const first = submitContact({ send });
    expect(await submitContact({ send })).toBeNull();
    expect(calls).toBe(1);
    await act(async () => release({ kind: "sent", text: "ok" }));
    expect(await first).toEqual({ title: "Message sent", text: "ok" });
  });

  it("shows the loading animation in place of the label while submitting", async () => {
    await openContact();
    act(() => useAppState.getState().setSubmitting(true));
    const button = await screen.findByRole("button", { name: /Sending your message/ });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).not.toHaveTextContent("Say Hello");
  });
});

/**
 * Every kind of answer the server can give, through the real pipeline over real HTTP (a
 * recording server answering each step), into the real outbox: what the visitor is told, and
 * that nothing typed is lost.
 */
describe("contact form: what each answer does (R-8, R-11.4)", () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  const send: SendMessage = (message) =>
    deliver(message, createDeliverDeps({ serverUrl: server.origin, apiKey: "k", firebase: null })).then(
      decide,
    );

  /** The store answers `save`, the notification endpoint `notify` (2xx: accepted). */
  function answer(step: "save" | "notify", status: number, headers: Record<string, string> = {}) {
    server.reset((request, response) => {
      const refusing = request.url === (step === "save" ? "/api/messages" : "/email/send-notification");
      if (!refusing) return sendJson(response, 200, { success: true, msg: "Thanks!" });
      sendJson(response, status, { success: false, error: `Refused with ${status}` }, headers);
    });
  }

  function fill() {
    const { setField } = useAppState.getState();
    setField("name", "Zoë");
    setField("email", "zoe@example.com");
    setField("message", "Kept whatever happens");
  }
  const cleared = { name: "", email: "", message: "" };

  it.each([
    ["save", 400],
    ["save", 413],
    ["save", 422],
    ["notify", 400],
    ["notify", 422],
  ] as const)(
    "the %s step answers %i (the input itself): R-8's modal with the server's error",
    async (step, status) => {
      answer(step, status);
      fill();
      expect(await submitContact({ send })).toEqual({
        title: "Message not sent",
        text: `Refused with ${status}`,
      });
      expect(useAppState.getState().fields).toEqual(cleared);
      expect(await outbox.list()).toEqual([]);
    },
  );

  it.each([
    ["save", 429, false],
    ["save", 503, false],
    ["save", 504, false],
    ["notify", 429, true],
    ["notify", 502, true],
    ["notify", 503, true],
  ] as const)("the %s step answers %i: kept to be sent later, and said so", async (step, status, saved) => {
    answer(step, status, { "retry-after": "60" });
    fill();
    const before = Date.now();
    expect(await submitContact({ send })).toEqual({
      title: ui.contact.queuedTitle,
      text: ui.contact.queuedBusy,
    });
    expect(useAppState.getState().fields).toEqual(cleared);
    const [entry] = await outbox.list();
    expect(entry).toMatchObject({
      status: "pending",
      saved,
      attempts: 1,
      lastStatus: status,
      lastError: `Refused with ${status}`,
      message: { name: "Zoë", message: "Kept whatever happens" },
    });
    // Not tried again before the server's Retry-After.
    expect(entry?.nextAttemptAt).toBeGreaterThanOrEqual(before + 60_000);
  });

  it.each([
    ["save", 401, false],
    ["save", 403, false],
    ["notify", 401, true],
    ["notify", 403, true],
  ] as const)(
    "the %s step answers %i: kept as refused, for Retry or Discard, and said so",
    async (step, status, saved) => {
      answer(step, status);
      fill();
      expect(await submitContact({ send })).toEqual({
        title: "Message not sent",
        text: ui.contact.refused(`Refused with ${status}`),
      });
      expect(useAppState.getState().fields).toEqual(cleared);
      expect(await outbox.list()).toMatchObject([
        { status: "failed", saved, attempts: 1, lastStatus: status },
      ]);
    },
  );

  it("no answer from the notification server: kept with saved: true, and said so", async () => {
    server.reset((request, response) => {
      if (request.url === "/api/messages") return sendJson(response, 201, { success: true });
      response.destroy();
    });
    fill();
    expect(await submitContact({ send })).toEqual({
      title: ui.contact.queuedTitle,
      text: ui.contact.queuedUnreachable,
    });
    expect(await outbox.list()).toMatchObject([
      { status: "pending", saved: true, attempts: 1, lastStatus: null, nextAttemptAt: null },
    ]);
  });

  it("a send that throws (it should not) keeps the message to be sent later", async () => {
    fill();
    const modal = await submitContact({
      send: async () => {
        throw new Error("boom");
      },
    });
    expect(modal?.title).toBe(ui.contact.queuedTitle);
    expect(await outbox.list()).toMatchObject([
      { status: "pending", saved: false, lastError: "Error: boom" },
    ]);
  });
});

describe("contact form: no network → the outbox (R-11.4)", () => {
  it("offline: queues without trying the network, says so, and clears the fields", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = await openContact();
    await act(async () => (await loadOutboxController()).start());
    await user.type(screen.getByLabelText("Name"), "Zoë");
    await user.type(screen.getByLabelText("Email"), "zoe@example.com");
    await user.type(screen.getByLabelText("Message"), "Written on a train");
    await user.click(screen.getByRole("button", { name: "Say Hello 👋" }));

    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(ui.contact.queuedTitle);
    expect(dialog).toHaveTextContent(
      "You're offline. Your message is saved on this device and will be sent automatically when the connection returns.",
    );
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");

    const entries = await outbox.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      schemaVersion: 2,
      status: "pending",
      saved: false,
      attempts: 0,
      message: { name: "Zoë", email: "zoe@example.com", message: "Written on a train" },
    });
    expect(entries[0]?.id).toBe(entries[0]?.message.id);
    expect(fetchSpy).not.toHaveBeenCalled();
    // The contact page counts it.
    expect(await screen.findByText("1 message waiting to be sent")).toHaveAttribute("role", "status");
  });

  it("when the outbox cannot store it either: says so and keeps the fields", async () => {
    const { setField } = useAppState.getState();
    setField("name", "Zoë");
    setField("email", "zoe@example.com");
    setField("message", "Written on a train");
    const modal = await submitContact({
      isOnline: () => false,
      queue: async () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      },
    });
    expect(modal).toEqual({ title: ui.contact.notSavedTitle, text: ui.contact.notSaved });
    expect(useAppState.getState().fields).toEqual({
      name: "Zoë",
      email: "zoe@example.com",
      message: "Written on a train",
    });
    expect(useAppState.getState().submitting).toBe(false);
  });
});
