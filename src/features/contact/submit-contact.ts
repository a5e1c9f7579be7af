import { config } from "../../config/env";
import { cachedLoad } from "../../shared/cached-load";
import type { Decision, NotSent } from "../../shared/contact/deliver";
import { type ContactMessage, createMessage, validateFields } from "../../shared/contact/message";
import { RESULT_TITLE, VALIDATION_TEXT, validationText } from "../../shared/contact/texts";
import { useAppStore } from "../../store/app-store";
import { loadOutbox } from "./load-outbox";

export interface ModalContent {
  title: string;
  text: string;
}

/** Exact texts of R-8 (docs/requirements.md) (shared with the server's result page), plus the page's own. */
export const CONTACT_TEXT = {
  ...VALIDATION_TEXT,
  noAnswerText: "The server did not say what happened.",
  queuedTitle: "Saved for later",
  queuedOffline:
    "You're offline. Your message is saved on this device and will be sent automatically when the connection returns.",
  queuedUnreachable:
    "The server could not be reached. Your message is saved on this device and will be sent automatically when the connection returns.",
  queuedBusy:
    "The server cannot take your message right now. It is saved on this device and will be sent automatically as soon as the server is ready.",
  refused: (error: string) =>
    `The server refused your message. It is kept on this device, below the form, where you can send it again or discard it. The server said: ${error}`,
  notSavedTitle: "Message not saved",
  notSaved:
    "Your message could not be sent, and it could not be saved on this device either (storage is unavailable, for example in private browsing or when the disk is full). Your text is still in the form: please send it again when you are back online.",
} as const;

/** Never rejects. */
export type SendMessage = (message: ContactMessage) => Promise<Decision>;
export interface SubmitDeps {
  send: SendMessage;
  /** Into the outbox with the attempt that failed; rejects when it could not be stored. */
  queue: (message: ContactMessage, failed?: NotSent) => Promise<void>;
  /** `navigator.onLine`: false means no network at all, so nothing is tried. */
  isOnline: () => boolean;
}

const loadPipeline = cachedLoad(async () => {
  const [{ deliver, decide }, { createDeliverDeps }] = await Promise.all([
    import("../../shared/contact/deliver"),
    import("../../shared/contact/deps"),
  ]);
  const deps = createDeliverDeps(config);
  return (message: ContactMessage) => deliver(message, deps).then(decide);
});

const defaultDeps: SubmitDeps = {
  send: async (message) => (await loadPipeline())(message),
  queue: async (message, failed) => {
    const { loadOutboxClient } = await loadOutbox();
    await (await loadOutboxClient()).queue(message, failed);
  },
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
};

/**
 * The form's submit (R-4.3, R-8, R-11.4; what becomes of a message: docs/architecture.md). Returns
 * the modal to show, or `null` for none (a submit already running).
 */
export async function submitContact(overrides: Partial<SubmitDeps> = {}): Promise<ModalContent | null> {
  const { send, queue, isOnline } = { ...defaultDeps, ...overrides };
  const store = useAppStore.getState();
  if (store.submitting) return null;
  store.setSubmitting(true);

  const checked = validateFields(store.fields);
  if (!checked.ok) {
    // Nothing was sent, so nothing is cleared: the visitor keeps what they typed.
    store.setSubmitting(false);
    return { title: RESULT_TITLE.invalid, text: validationText(checked) };
  }

  let clearFields = true;
  // When even the outbox fails, the fields stay for the visitor to try again.
  const keep = async (message: ContactMessage, failed: NotSent | undefined, modal: ModalContent) => {
    try {
      await queue(message, failed);
      return modal;
    } catch {
      clearFields = false;
      return { title: CONTACT_TEXT.notSavedTitle, text: CONTACT_TEXT.notSaved };
    }
  };
  const queued = (text: string) => ({ title: CONTACT_TEXT.queuedTitle, text });

  try {
    const message = createMessage(checked.value);
    if (!isOnline()) return await keep(message, undefined, queued(CONTACT_TEXT.queuedOffline));
    const outcome = await send(message).catch(
      (error: unknown): NotSent => ({ kind: "retry", text: String(error), status: null, saved: false }),
    );
    if (outcome.kind === "sent") {
      return { title: RESULT_TITLE.sent, text: outcome.text || CONTACT_TEXT.noAnswerText };
    }
    if (outcome.kind === "invalid") {
      return { title: RESULT_TITLE.notSent, text: outcome.text || CONTACT_TEXT.noAnswerText };
    }
    if (outcome.kind === "refused") {
      const text = CONTACT_TEXT.refused(outcome.text);
      return await keep(message, outcome, { title: RESULT_TITLE.notSent, text });
    }
    const reason =
      outcome.status !== null
        ? CONTACT_TEXT.queuedBusy
        : isOnline()
          ? CONTACT_TEXT.queuedUnreachable
          : CONTACT_TEXT.queuedOffline;
    return await keep(message, outcome, queued(reason));
  } finally {
    useAppStore.getState().setSubmitting(false);
    if (clearFields) useAppStore.getState().clearFields();
  }
}
