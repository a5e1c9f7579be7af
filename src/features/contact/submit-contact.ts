import { config } from "../../config/env";
import { ui } from "../../content/interface";
import { cachedLoad } from "../../shared/cached-load";
import type { Decision, NotSent } from "../../shared/contact/deliver";
import { type ContactMessage, createMessage, validateFields } from "../../shared/contact/message";
import { validationText } from "../../shared/contact/texts";
import { useAppState } from "../../state/app-state";
import { loadOutbox } from "./load-outbox-facade";

export interface ModalContent {
  title: string;
  text: string;
}

/** The result's words (the exact texts of R-8 in docs/requirements.md among them), shared with the server's result page. */
const words = ui.contact;

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
    const { loadOutboxController } = await loadOutbox();
    await (await loadOutboxController()).queue(message, failed);
  },
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
};

/**
 * The form's submit (R-4.3, R-8, R-11.4; what becomes of a message: docs/architecture.md). Returns
 * the modal to show, or `null` for none (a submit already running).
 */
export async function submitContact(overrides: Partial<SubmitDeps> = {}): Promise<ModalContent | null> {
  const { send, queue, isOnline } = { ...defaultDeps, ...overrides };
  const store = useAppState.getState();
  if (store.submitting) return null;
  store.setSubmitting(true);

  const checked = validateFields(store.fields);
  if (!checked.ok) {
    // Nothing was sent, so nothing is cleared: the visitor keeps what they typed.
    store.setSubmitting(false);
    return { title: words.result.invalid, text: validationText(words, checked) };
  }

  let clearFields = true;
  // When even the outbox fails, the fields stay for the visitor to try again.
  const keep = async (message: ContactMessage, failed: NotSent | undefined, modal: ModalContent) => {
    try {
      await queue(message, failed);
      return modal;
    } catch {
      clearFields = false;
      return { title: words.notSavedTitle, text: words.notSaved };
    }
  };
  const queued = (text: string) => ({ title: words.queuedTitle, text });

  try {
    const message = createMessage(checked.value);
    if (!isOnline()) return await keep(message, undefined, queued(words.queuedOffline));
    const outcome = await send(message).catch(
      (error: unknown): NotSent => ({ kind: "retry", text: String(error), status: null, saved: false }),
    );
    if (outcome.kind === "sent") {
      return { title: words.result.sent, text: outcome.text || words.noAnswer };
    }
    if (outcome.kind === "invalid") {
      return { title: words.result.notSent, text: outcome.text || words.noAnswer };
    }
    if (outcome.kind === "refused") {
      const text = words.refused(outcome.text);
      return await keep(message, outcome, { title: words.result.notSent, text });
    }
    const reason =
      outcome.status !== null ? words.queuedBusy : isOnline() ? words.queuedUnreachable : words.queuedOffline;
    return await keep(message, outcome, queued(reason));
  } finally {
    useAppState.getState().setSubmitting(false);
    if (clearFields) useAppState.getState().clearFields();
  }
}
