import { config } from "../../config/env";
import { type DeliverResult, deliver } from "../../shared/contact/deliver";
import { createDeliverDeps } from "../../shared/contact/deps";
import {
  type ContactFields,
  type ContactMessage,
  createMessage,
  validateFields,
} from "../../shared/contact/message";
import { LIMITS } from "../../shared/contact/protocol";
import { useAppStore } from "../../store/app-store";

export interface ModalContent {
  title: string;
  text: string;
}

/** Exact texts of spec §8, plus our own for checks the spec leaves open. */
export const CONTACT_TEXT = {
  empty: "Please Fill all Fields!",
  email: "Please enter a valid email address.",
  controlChars: "Name and Email must be a single line of text.",
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  noAnswerText: "The server did not say what happened.",
} as const;

const FIELD_LABELS: Record<keyof ContactFields, string> = {
  name: "Name",
  email: "Email",
  message: "Message",
};

export type SendMessage = (message: ContactMessage) => Promise<DeliverResult>;

let deps: ReturnType<typeof createDeliverDeps> | undefined;

/** Save, then notify, with the build's configuration (spec §4 step 3). */
export const sendMessage: SendMessage = (message) => {
  deps ??= createDeliverDeps(config);
  return deliver(message, deps);
};

function problemText(problem: Exclude<ReturnType<typeof validateFields>, { ok: true }>): string {
  switch (problem.problem) {
    case "empty":
      return CONTACT_TEXT.empty;
    case "email":
      return CONTACT_TEXT.email;
    case "control-chars":
      return CONTACT_TEXT.controlChars;
    case "too-long":
      return CONTACT_TEXT.tooLong(FIELD_LABELS[problem.field], LIMITS[problem.field]);
  }
}

/**
 * The form's submit (spec §4): set the flag; refuse empty fields with a modal; otherwise save,
 * then notify, then show the server's `msg` or `error`; clear the flag and the fields afterwards,
 * failures included. A failure that is not a server answer shows nothing (spec §8).
 * Returns the modal to show, or `null` for none.
 */
export async function submitContact(send: SendMessage = sendMessage): Promise<ModalContent | null> {
  const store = useAppStore.getState();
  if (store.submitting) return null;
  store.setSubmitting(true);

  const checked = validateFields(store.fields);
  if (!checked.ok) {
    // Nothing was sent, so nothing is cleared: the visitor keeps what they typed.
    store.setSubmitting(false);
    return { title: "Almost there", text: problemText(checked) };
  }

  try {
    const result = await send(createMessage(checked.value));
    if (result.status === "answered") {
      return {
        title: result.success ? "Message sent" : "Message not sent",
        text: result.text || CONTACT_TEXT.noAnswerText,
      };
    }
    return null;
  } catch {
    return null;
  } finally {
    useAppStore.getState().setSubmitting(false);
    useAppStore.getState().clearFields();
  }
}
