import { config } from "../../config/env";
import { cachedLoad } from "../../shared/cached-load";
import type { DeliverResult } from "../../shared/contact/deliver";
import { type ContactMessage, createMessage, validateFields } from "../../shared/contact/message";
import type { QueueState } from "../../shared/contact/outbox";
import { RESULT_TITLE, VALIDATION_TEXT, validationText } from "../../shared/contact/texts";
import { useAppStore } from "../../store/app-store";

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
  notSavedTitle: "Message not saved",
  notSaved:
    "Your message could not be sent, and it could not be saved on this device either (storage is unavailable, for example in private browsing or when the disk is full). Your text is still in the form: please send it again when you are back online.",
} as const;

export type SendMessage = (message: ContactMessage) => Promise<DeliverResult>;
/** Puts a message in the outbox; rejects when it could not be stored. */
export type QueueMessage = (message: ContactMessage, state: QueueState) => Promise<void>;

export interface SubmitDeps {
  send: SendMessage;
  queue: QueueMessage;
  /** `navigator.onLine`: false means no network at all, so nothing is tried. */
  isOnline: () => boolean;
}

/** The pipeline and its adapters load on the first submit, not with the page. */
const loadPipeline = cachedLoad(async () => {
  const [{ deliver }, { createDeliverDeps }] = await Promise.all([
    import("../../shared/contact/deliver"),
    import("../../shared/contact/deps"),
  ]);
  const deps = createDeliverDeps(config);
  return (message: ContactMessage) => deliver(message, deps);
});

/** Save, then notify, with the build's configuration. */
export const sendMessage: SendMessage = async (message) => {
  let send: Awaited<ReturnType<typeof loadPipeline>>;
  try {
    send = await loadPipeline();
  } catch {
    // The code could not be fetched (tried again on the next submit): a network failure, so the
    // message is queued.
    const error = "The sending code could not be loaded.";
    return {
      status: "failed",
      step: "save",
      failure: { ok: false, reason: "network", retryable: true, error },
    };
  }
  return send(message);
};

/**
 * Into the outbox (loaded lazily), from where the worker's sync or the page sends it later. The
 * loader is in the after-load chunk (build/chunks.ts), which the page has fetched by then: it
 * is imported here, not with the contact page, so that chunk stays out of the page's first load.
 */
export const queueMessage: QueueMessage = async (message, state) => {
  const { loadOutboxClient } = await import("./load-outbox-client");
  const client = await loadOutboxClient();
  await client.queue(message, state);
};

const defaultDeps: SubmitDeps = {
  send: sendMessage,
  queue: queueMessage,
  isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
};

/**
 * The form's submit: set the flag; refuse empty fields with a modal; otherwise save,
 * then notify, then show the server's `msg` or `error`; clear the flag and the fields afterwards,
 * failures included. A failure that is not a server answer shows nothing.
 *
 * With no network: offline (`navigator.onLine` false:
 * nothing is tried), or the save or notify step failed at the network level, the message goes to
 * the outbox (`saved: true` when the save step had succeeded) and a modal says it will be sent
 * automatically; the fields are cleared. Server answers are never queued. If the outbox itself
 * cannot store the message, a modal says so and the fields are kept: nothing is lost silently.
 * Returns the modal to show, or `null` for none.
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
  /** Into the outbox; when even that fails, the fields stay for the visitor to try again. */
  const queueOrKeep = async (message: ContactMessage, state: QueueState, text: string) => {
    try {
      await queue(message, state);
      return { title: CONTACT_TEXT.queuedTitle, text };
    } catch {
      clearFields = false;
      return { title: CONTACT_TEXT.notSavedTitle, text: CONTACT_TEXT.notSaved };
    }
  };

  try {
    const message = createMessage(checked.value);
    if (!isOnline()) return await queueOrKeep(message, { saved: false }, CONTACT_TEXT.queuedOffline);

    const result = await send(message);
    if (result.status === "answered") {
      return {
        title: result.success ? RESULT_TITLE.sent : RESULT_TITLE.notSent,
        text: result.text || CONTACT_TEXT.noAnswerText,
      };
    }
    if (result.failure.reason === "network") {
      const state: QueueState = {
        // The save step runs first: a failed notify means the message is stored already.
        saved: result.step === "notify",
        attempts: 1,
        lastError: result.failure.error,
      };
      const text = isOnline() ? CONTACT_TEXT.queuedUnreachable : CONTACT_TEXT.queuedOffline;
      return await queueOrKeep(message, state, text);
    }
    return null;
  } catch {
    return null;
  } finally {
    useAppStore.getState().setSubmitting(false);
    if (clearFields) useAppStore.getState().clearFields();
  }
}
