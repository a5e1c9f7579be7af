import type { ReactNode } from "react";
import { Icon, pathIcon } from "../../components/icons";
import { Modal } from "../../components/modal";
import { type RichText, ui } from "../../content/interface";
import { dismissInstallHelp, type InstallHelpPlatform } from "./install-help";
import "./install-help-dialog.css";

/** Safari's Share glyph: a box with an arrow out of its top. */
const SafariShareIcon = pathIcon(
  "M12 3v12M8 7l4-4 4 4",
  "M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2",
);

/** "Add to Home Screen": a plus in a rounded square. */
function AddToHomeScreenIcon() {
  return (
    <Icon size={20} outline>
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <path d="M12 8v8M8 12h8" />
    </Icon>
  );
}

/** A vertical ellipsis: Firefox's menu button on Android. */
function MenuIcon() {
  return (
    <Icon size={20}>
      <circle cx="12" cy="5" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="12" cy="19" r="2" />
    </Icon>
  );
}

/** Each step's icon, by platform, beside its words (`ui.install.steps`). */
const STEP_ICONS: Record<InstallHelpPlatform, readonly (ReactNode | null)[]> = {
  ios: [<SafariShareIcon key="share" />, <AddToHomeScreenIcon key="add" />, null],
  "macos-safari": [null, <AddToHomeScreenIcon key="add" />, null],
  "firefox-android": [<MenuIcon key="menu" />, <AddToHomeScreenIcon key="add" />, null],
};

function Step({ icon, text }: { icon: ReactNode; text: RichText }) {
  return (
    <li>
      {icon ? <span className="install-help__icon">{icon}</span> : null}
      <span>
        {text.map((part, index) =>
          typeof part === "string" ? part : <strong key={index}>{part.strong}</strong>,
        )}
      </span>
    </li>
  );
}

export interface InstallHelpDialogProps {
  platform: InstallHelpPlatform;
  open: boolean;
  onClose: () => void;
  /** After "Don't show again" (remembered here): the Install button goes away. */
  onDismiss: () => void;
  returnFocusTo: () => HTMLElement | null;
}

/** How to install the site from this browser's own menu, step by step. */
export function InstallHelpDialog({
  platform,
  open,
  onClose,
  onDismiss,
  returnFocusTo,
}: InstallHelpDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={ui.install.title} returnFocusTo={returnFocusTo}>
      <div className="install-help">
        <ol className="install-help__steps">
          {ui.install.steps[platform].map((text, index) => (
            <Step key={index} icon={STEP_ICONS[platform][index]} text={text} />
          ))}
        </ol>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            dismissInstallHelp();
            onDismiss();
          }}
        >
          {ui.install.dontShowAgain}
        </button>
      </div>
    </Modal>
  );
}
