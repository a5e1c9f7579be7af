import { type FocusEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { useStore } from "zustand";
import { pathIcon } from "../../components/icons";
import { ui } from "../../content/interface";
import { pwaState } from "./pwa-state";
import { useOnline } from "./use-online";

const CloseIcon = pathIcon("M6 6l12 12M18 6 6 18");

/** A cloud with a tick: the site is stored on this device. */
const OfflineReadyIcon = pathIcon(
  "M7 18a4.5 4.5 0 0 1-.9-8.9A6 6 0 0 1 17.7 8 4.5 4.5 0 0 1 17 18z",
  "m9.5 13 2 2 3.5-3.5",
);

/** Two arrows in a circle: a new version. */
const UpdateIcon = pathIcon("M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4", "M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4");

/** A struck-through signal: no network. */
const OfflineIcon = pathIcon(
  "M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 5.2-2.7M16.8 11a10 10 0 0 1 2.2 1.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18",
);

const words = ui.notices;

/** "Ready to work offline" goes away by itself after this long (it may cover page text on a phone), unless pointed at or focused. */
export const OFFLINE_READY_VISIBLE_MS = 5000;

/** Escape dismisses a notice; focus, which it held, goes to the page's main region. */
const dismissOnEscape = (onDismiss: () => void) => (event: KeyboardEvent) => {
  if (event.key !== "Escape") return;
  event.stopPropagation();
  onDismiss();
  document.getElementById("main")?.focus({ preventScroll: true });
};

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

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a notice, not a set of form fields
    <div
      className="pwa-toast"
      role="group"
      aria-labelledby={titleId}
      onKeyDown={dismissOnEscape(onDismiss)}
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
      <button type="button" className="pwa-close" aria-label={words.dismiss(title)} onClick={onDismiss}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

function OfflineBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard dismissal of the banner's button
    <div className="pwa-offline__banner" onKeyDown={dismissOnEscape(onDismiss)}>
      <OfflineIcon size={18} />
      <span>
        <strong>{words.offline.title}</strong> {words.offline.text}
      </span>
      <button type="button" className="pwa-close" aria-label={words.offline.dismiss} onClick={onDismiss}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}

/** The service worker's notices and the offline banner, in polite live regions that never take focus. */
export function PwaNotices() {
  const online = useOnline();
  const [offlineDismissed, setOfflineDismissed] = useState(false);
  const offlineReady = useStore(pwaState, (state) => state.offlineReady);
  const updateWaiting = useStore(pwaState, (state) => state.applyUpdate !== null);
  const updating = useStore(pwaState, (state) => state.updating);
  const { dismissOfflineReady, dismissUpdate, startUpdate } = pwaState.getState();

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
            title={words.update.title}
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
                  {updating ? words.update.reloading : words.update.reload}
                </button>
                <button type="button" className="pwa-toast__later" onClick={dismissUpdate}>
                  {words.update.later}
                </button>
              </>
            }
          >
            {words.update.text}
          </Toast>
        ) : null}
        {offlineReady ? (
          <Toast
            title={words.offlineReady.title}
            icon={<OfflineReadyIcon />}
            onDismiss={dismissOfflineReady}
            autoHideMs={OFFLINE_READY_VISIBLE_MS}
          >
            {words.offlineReady.text}
          </Toast>
        ) : null}
      </div>
    </div>
  );
}
