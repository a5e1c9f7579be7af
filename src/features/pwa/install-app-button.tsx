import type { Ref } from "react";
import { pathIcon } from "../../components/icons";
import { ui } from "../../content/interface";

const InstallIcon = pathIcon("M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19h14");

/**
 * "Install", an arrow into a tray: the same button, name and look for the browser's offer
 * (./install-button.tsx) and for the steps of browsers that install from their menu.
 */
export function InstallAppButton(props: { ref?: Ref<HTMLButtonElement>; onClick: () => void }) {
  return (
    // The name starts with the visible word (label in name), and stays when phones show the icon only.
    <button {...props} type="button" className="install-button" aria-label={ui.install.buttonName}>
      <InstallIcon size={18} />
      <span className="install-button__label">{ui.install.button}</span>
    </button>
  );
}
