import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useStore } from "zustand";
import { CloseIcon, OfflineIcon, OfflineReadyIcon, UpdateIcon } from "./pwa-icons";
import { pwaStore } from "./pwa-store";
import { useOnline } from "./use-online";

/** "Ready to work offline" goes away by itself after this long (it may cover page text on a phone), unless pointed at or focused. */
export const OFFLINE_READY_VISIBLE_MS = 5000;

/** Where focus goes when a notice that held it is dismissed with the keyboard. */
function focusMain(): void {
  document.getElementById("main")?.focus({ preventScroll: true });
}

interface ToastProps {
  title: string;
  icon: ReactNode;
  onDismiss: () => void;
  /** Hide by itself after this many milliseconds (paused while hovered or focused). */
  autoHideMs?: number;
  actions?: ReactNode;
  children?: ReactNode;
}

function Toast({ title, icon, onDismiss, autoHideMs, actions, children }: ToastProps) {
  const titleId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => {
    if (!autoHideMs || paused) return;
    const timer = window.setTimeout(onDismiss, autoHideMs);
    return () => window.clearTimeout(timer);
  }, [autoHideMs, paused, onDismiss]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onDismiss();
    focusMain();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    // A labelled group of a message and its buttons (a fieldset is for form fields); Escape
    // inside it dismisses it.
    // biome-ignore lint/a11y/useSemanticElements: a notice, not a set of form fields
    <div
      className="pwa-toast"
      role="group"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <span className="pwa-toast__icon">{icon}</span>
      <div className="pwa-toast__body">
        <p className="pwa-toast__title" id={titleId}>
          {title}
        </p>
        {children ? <p className="pwa-toast__text">{children}</p> : null}
        {actions ? <div className="pwa-toast__actions">{actions}</div> : null}
      </div>
      <button type="button" className="pwa-close" aria-label={`Dismiss: ${title}`} onClick={onDismiss}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

function OfflineBanner({ onDismiss }: { onDismiss: () => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onDismiss();
    focusMain();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard dismissal of the banner's button
    <div className="pwa-offline__banner" onKeyDown={onKeyDown}>
      <OfflineIcon size={18} />
      <span>
        <strong>You're offline.</strong> The site still works.
      </span>
      <button type="button" className="pwa-close" aria-label="Dismiss: You're offline" onClick={onDismiss}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/**
 * The service worker's notices: "Ready to work offline" (once), "A new version is available" with
 * its Reload button, and a banner while the browser is offline. Polite live regions: they never
 * take focus, and each can be dismissed with its button or Escape.
 */
export function PwaNotices() {
  const online = useOnline();
  const [offlineDismissed, setOfflineDismissed] = useState(false);
  const offlineReady = useStore(pwaStore, (state) => state.offlineReady);
  const updateWaiting = useStore(pwaStore, (state) => state.applyUpdate !== null);
  const updating = useStore(pwaStore, (state) => state.updating);
  const { dismissOfflineReady, dismissUpdate, startUpdate } = pwaStore.getState();

  // A new loss of connection shows the banner again, even after it was dismissed.
  useEffect(() => {
    if (online) setOfflineDismissed(false);
  }, [online]);

  return (
    <div className="pwa-notices">
      <div className="pwa-offline" role="status">
        {!online && !offlineDismissed ? <OfflineBanner onDismiss={() => setOfflineDismissed(true)} /> : null}
      </div>
      <div className="pwa-toasts" aria-live="polite">
        {updateWaiting ? (
          <Toast
            title="A new version is available"
            icon={<UpdateIcon />}
            onDismiss={dismissUpdate}
            actions={
              <>
                <button
                  type="button"
                  className="button button--primary pwa-toast__button"
                  aria-disabled={updating}
                  onClick={startUpdate}
                >
                  {updating ? "Reloading…" : "Reload"}
                </button>
                <button type="button" className="pwa-toast__later" onClick={dismissUpdate}>
                  Later
                </button>
              </>
            }
          >
            Reload when you're ready to use it.
          </Toast>
        ) : null}
        {offlineReady ? (
          <Toast
            title="Ready to work offline"
            icon={<OfflineReadyIcon />}
            onDismiss={dismissOfflineReady}
            autoHideMs={OFFLINE_READY_VISIBLE_MS}
          >
            Every page of this site now works without a connection.
          </Toast>
        ) : null}
      </div>
    </div>
  );
}
