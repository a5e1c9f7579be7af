import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  dismissInstallHelp,
  type InstallHelpPlatform,
  installHelpDismissed,
  installHelpPlatform,
} from "./install-help";
import type { InstallHelpDialogProps } from "./install-help-dialog";
import { InstallIcon } from "./pwa-icons";
import "./install-button.css";

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

/** Already running as an installed app (Chromium's display mode, or iOS's home-screen flag). */
export function isStandalone(): boolean {
  const standaloneMedia = window.matchMedia?.("(display-mode: standalone)").matches ?? false;
  return standaloneMedia || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** The steps for Safari and Firefox for Android: a chunk of its own, loaded on intent. */
const loadHelp = () => import("./install-help-dialog");
const InstallHelpDialog = lazy(
  (): Promise<{ default: ComponentType<InstallHelpDialogProps> }> =>
    loadHelp().then((module) => ({ default: module.InstallHelpDialog })),
);

function preloadHelp(): void {
  loadHelp().catch(() => {
    // Not cached yet and offline: the click tries again.
  });
}

/**
 * "Install app" in the navigation bar, never shown when the site already runs installed.
 * - Where the browser offers installation (`beforeinstallprompt`, Chromium browsers), a click
 *   shows the browser's own install dialog. Gone once installed (`appinstalled`) and after the
 *   offer was used (the browser makes a new offer later if the visitor declined).
 * - Where a browser installs from its own menu but never offers it (Safari on iOS, iPadOS and
 *   macOS, Firefox for Android), a click explains the steps, until the visitor says "Don't show
 *   again" (remembered on the device).
 */
export function InstallButton() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [help, setHelp] = useState<InstallHelpPlatform | null>(null);
  const [helpDialog, setHelpDialog] = useState<"unused" | "open" | "closed">("unused");
  /** The help was dismissed or the app installed: the dialog may still be closing. */
  const [helpDone, setHelpDone] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isStandalone()) return;
    if (!installHelpDismissed()) {
      setHelp(
        installHelpPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
      );
    }
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away: the button is the offer.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setOffer(null);
      setHelpDone(true);
    };
    window.addEventListener("beforeinstallprompt", onOffer);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onOffer);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  const install = async () => {
    if (!offer) {
      setHelpDialog("open");
      return;
    }
    try {
      await offer.prompt();
    } catch {
      // Already used or no longer allowed: nothing to show.
    }
    // An offer can be used once.
    setOffer((current) => (current === offer ? null : current));
  };

  return (
    <>
      {offer || (help && !helpDone) ? (
        // The name starts with the visible word (label in name), and stays when phones show the icon only.
        <button
          ref={button}
          type="button"
          className="install-button"
          aria-label="Install app"
          onClick={install}
          {...(offer ? {} : { onPointerEnter: preloadHelp, onFocus: preloadHelp })}
        >
          <InstallIcon size={18} />
          <span className="install-button__label">Install</span>
        </button>
      ) : null}
      {help && helpDialog !== "unused" ? (
        <Suspense fallback={null}>
          <InstallHelpDialog
            platform={help}
            open={helpDialog === "open"}
            onClose={() => setHelpDialog("closed")}
            onDismiss={() => {
              dismissInstallHelp();
              setHelpDone(true);
              setHelpDialog("closed");
            }}
            returnFocusTo={() => button.current ?? document.getElementById("main")}
          />
        </Suspense>
      ) : null}
    </>
  );
}
