import { type ReactNode, useEffect, useId, useRef } from "react";
import { ui } from "../content/interface";
import "./modal.css";

interface ModalProps {
  open: boolean;
  /** Called when the visitor closes it: the close button, Esc, or a click on the backdrop. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Receives focus after closing (the native dialog restores focus too; this makes it certain). */
  returnFocusTo?: () => HTMLElement | null;
}

/** A modal on the native `<dialog>`: focus trap, Esc and top layer come from the browser. */
export function Modal({ open, onClose, title, children, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const contentId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is a pointer shortcut; Esc and the Close button are the keyboard paths.
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      // The text is the dialog's description: a screen reader says it with the title on opening,
      // so a visitor who hears the dialog and its focused button also hears what happened.
      aria-describedby={contentId}
      onClose={() => {
        onClose();
        returnFocusTo?.()?.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="modal__body">
        {/* A closed dialog has no title yet: no empty heading in the page. */}
        {title && (
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        )}
        <div id={contentId} className="modal__content">
          {children}
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--primary" onClick={() => ref.current?.close()}>
            {ui.dialog.close}
          </button>
        </div>
      </div>
    </dialog>
  );
}
