import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { lazyComponent } from "../../components/browser-only";
import { EmojiText } from "../../components/emoji-text";
import { LoadingAnimation } from "../../components/loading-animation";
import { Modal } from "../../components/modal";
import { config } from "../../config/env";
import { routes } from "../../config/routes";
import { ui } from "../../content/interface";
import { LIMITS } from "../../shared/contact/protocol";
import { type ContactField, useAppState } from "../../state/app-state";
import { formHydrated } from "./held-submit";
import { type ModalContent, submitContact } from "./submit-contact";
import "./contact-form.css";
// The outbox's view's styles, inlined with the form's, so its chunks bring no stylesheet.
import "./outbox.css";

/** Where the form posts without a script: the notification server's own contact page. */
export const CONTACT_FORM_ACTION = `${config.serverUrl}${routes.contact.path}`;

const OutboxStatus = lazyComponent(() => import("./outbox-status-view").then((view) => view.OutboxStatus));
const OutboxRefused = lazyComponent(() => import("./outbox-refused-view").then((view) => view.OutboxRefused));

const words = ui.contact;

export const OutboxStatusSlot = () => <OutboxStatus Refused={OutboxRefused} />;

/** R-2.6 (docs/requirements.md): the contact form, its fields, and the result modal. */
export function ContactForm() {
  const fields = useAppState((state) => state.fields);
  const submitting = useAppState((state) => state.submitting);
  const setField = useAppState((state) => state.setField);
  const [modal, setModal] = useState<ModalContent | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // What the visitor typed before React ran is in the fields but not in the store: taken up once.
  useLayoutEffect(() => {
    for (const field of ["name", "email", "message"] as const) {
      const typed = form.current?.elements.namedItem(field);
      if (typed instanceof HTMLInputElement || typed instanceof HTMLTextAreaElement) {
        if (typed.value !== useAppState.getState().fields[field]) setField(field, typed.value);
      }
    }
  }, [setField]);

  // Sent before React hydrated the form (held by src/boot.ts): sent now, with the text taken up above.
  useEffect(() => {
    if (formHydrated()) form.current?.requestSubmit();
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await submitContact();
    if (result) setModal(result);
  }

  const bind = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: fields[field],
    required: true,
    maxLength: LIMITS[field],
    onChange: (event: { target: { value: string } }) => setField(field, event.target.value),
  });

  return (
    <>
      <form
        ref={form}
        className="card contact-form"
        method="post"
        action={CONTACT_FORM_ACTION}
        aria-labelledby="contact-title"
        aria-busy={submitting}
        noValidate
        onSubmit={handleSubmit}
      >
        <h1 id="contact-title" className="page-title" tabIndex={-1}>
          {words.title}
        </h1>
        <div className="field">
          <label htmlFor="contact-name">{words.fields.name}</label>
          <input {...bind("name")} type="text" autoComplete="name" />
        </div>
        <div className="field">
          <label htmlFor="contact-email">{words.fields.email}</label>
          <input {...bind("email")} type="email" autoComplete="email" inputMode="email" spellCheck={false} />
        </div>
        <div className="field">
          <label htmlFor="contact-message">{words.fields.message}</label>
          <textarea {...bind("message")} rows={6} aria-describedby="contact-message-count" />
          <p id="contact-message-count" className="field__hint">
            {words.messageCount(fields.message.length, LIMITS.message)}
          </p>
        </div>
        <button
          ref={submitButton}
          type="submit"
          className="button button--primary contact-form__submit"
          aria-disabled={submitting}
        >
          {submitting ? (
            <LoadingAnimation label={words.sending} />
          ) : (
            <span>
              <EmojiText text={words.submit} />
            </span>
          )}
        </button>
      </form>
      <Modal
        open={modal !== null}
        title={modal?.title ?? ""}
        onClose={() => setModal(null)}
        returnFocusTo={() => submitButton.current}
      >
        <p>{modal?.text}</p>
      </Modal>
    </>
  );
}
