import { useEffect, useState } from "react";
import { lazyComponent } from "../../components/browser-only";
import { cachedLoad } from "../../shared/cached-load";
import { InstallAppButton } from "./install-app-button";
import type { InstallHelpPlatform } from "./install-help";
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

const loadInstallHelp = cachedLoad(() => import("./install-help"));
const InstallHelpButton = lazyComponent(() =>
  import("./install-help-button").then((module) => module.InstallHelpButton),
);

/**
 * "Install app" in the navigation bar, unless already installed: the browser's own install dialog
 * where it offers one (`beforeinstallprompt`), else the steps for browsers that install from their
 * menu (./install-help-button.tsx).
 */
export function InstallButton() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [help, setHelp] = useState<InstallHelpPlatform | null>(null);

  useEffect(() => {
    if (isStandalone()) return;
    let mounted = true;
    loadInstallHelp()
      .then((module) => mounted && setHelp(module.installHelpHere()))
      .catch(() => {
        // Offline before the worker cached it: no help this time (the next page asks again).
      });
    const onOffer = (event: Event) => {
      // Keep the browser's own mini-infobar away: the button is the offer.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setOffer(null);
      setHelp(null);
    };
    window.addEventListener("beforeinstallprompt", onOffer);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      mounted = false;
      window.removeEventListener("beforeinstallprompt", onOffer);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!offer) {
    return help ? <InstallHelpButton platform={help} /> : null;
  }

  const install = async () => {
    try {
      await offer.prompt();
    } catch {
      // Already used or no longer allowed: nothing to show.
    }
    setOffer((current) => (current === offer ? null : current));
  };

  return <InstallAppButton onClick={install} />;
}
