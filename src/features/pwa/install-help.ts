/** Where a browser installs the site from its own menu but never offers it, the Install button explains how. */
export type InstallHelpPlatform = "ios" | "macos-safari" | "firefox-android";

export interface BrowserTraits {
  userAgent: string;
  /** `navigator.maxTouchPoints`: iPadOS Safari says "Macintosh" but has a touch screen. */
  maxTouchPoints: number;
}

/** Which steps fit this browser, or `null` (Chromium offers installation itself; desktop Firefox cannot install). */
export function installHelpPlatform({
  userAgent,
  maxTouchPoints,
}: BrowserTraits): InstallHelpPlatform | null {
  const ipadAsMac = /Macintosh/.test(userAgent) && maxTouchPoints > 1;
  // Every iOS browser is WebKit and, since iOS 16.4, has Share → Add to Home Screen.
  if (/iPhone|iPad|iPod/.test(userAgent) || ipadAsMac) return "ios";
  if (/Android/.test(userAgent) && /Firefox\//.test(userAgent)) return "firefox-android";
  // Safari 17 (macOS Sonoma) added File → Add to Dock. Other Mac browsers name themselves.
  const safari = /Version\/(\d+)[\d.]* .*Safari\//.exec(userAgent);
  if (
    /Macintosh/.test(userAgent) &&
    safari?.[1] &&
    Number(safari[1]) >= 17 &&
    !/Chrome|Chromium|CriOS|Edg|Firefox|FxiOS|OPR/.test(userAgent)
  ) {
    return "macos-safari";
  }
  return null;
}

export const INSTALL_HELP_DISMISSED_KEY = "portfolio:install-help-dismissed";

/** The steps for this browser, or null: none to give, or the visitor said "Don't show again". */
export function installHelpHere(): InstallHelpPlatform | null {
  try {
    if (window.localStorage.getItem(INSTALL_HELP_DISMISSED_KEY) === "1") return null;
  } catch {
    // Storage blocked (private mode in some browsers): nothing was remembered.
  }
  return installHelpPlatform({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints });
}

export function dismissInstallHelp(): void {
  try {
    window.localStorage.setItem(INSTALL_HELP_DISMISSED_KEY, "1");
  } catch {
    // Cannot remember it: hidden for this visit only.
  }
}
