import { useEffect, useState } from "react";
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

/**
 * "Install app" in the navigation bar. Hidden until the browser offers installation
 * (`beforeinstallprompt`, Chromium browsers); a click shows the browser's own install dialog. Gone
 * once the app is installed (`appinstalled`), when running installed, and after the offer was used
 * (the browser makes a new offer later if the visitor declined).
 */
export function InstallButton() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (isStandalone()) return;
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away: the button is the offer.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener("beforeinstallprompt", onOffer);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onOffer);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!offer) return null;

  const install = async () => {
    try {
      await offer.prompt();
    } catch {
      // Already used or no longer allowed: nothing to show.
    }
    // An offer can be used once.
    setOffer((current) => (current === offer ? null : current));
  };

  return (
    // The name starts with the visible word (label in name), and stays when phones show the icon only.
    <button type="button" className="install-button" aria-label="Install app" onClick={install}>
      <InstallIcon size={18} />
      <span className="install-button__label">Install</span>
    </button>
  );
}
