import type { Ref } from "react";
import { Icon, type IconProps } from "../../components/icons";

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

/** A cloud with a tick: the site is stored on this device. */
export function OfflineReadyIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <path d="M7 18a4.5 4.5 0 0 1-.9-8.9A6 6 0 0 1 17.7 8 4.5 4.5 0 0 1 17 18z" />
      <path d="m9.5 13 2 2 3.5-3.5" />
    </Icon>
  );
}

/** Two arrows in a circle: a new version. */
export function UpdateIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4" />
      <path d="M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
    </Icon>
  );
}

/** A struck-through signal: no network. */
export function OfflineIcon(props: IconProps) {
  return (
    <Icon {...props} outline>
      <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 5.2-2.7M16.8 11a10 10 0 0 1 2.2 1.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
    </Icon>
  );
}

/**
 * "Install", an arrow into a tray: the same button, name and look for the browser's offer
 * (./install-button.tsx) and for the steps of browsers that install from their menu.
 */
export function InstallAppButton(props: { ref?: Ref<HTMLButtonElement>; onClick: () => void }) {
  return (
    // The name starts with the visible word (label in name), and stays when phones show the icon only.
    <button {...props} type="button" className="install-button" aria-label="Install app">
      <Icon size={18} outline>
        <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14" />
      </Icon>
      <span className="install-button__label">Install</span>
    </button>
  );
}
