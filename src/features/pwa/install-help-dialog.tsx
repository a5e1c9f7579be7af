import type { ReactNode } from "react";
import { Icon } from "../../components/icons";
import { Modal } from "../../components/modal";
import { dismissInstallHelp, type InstallHelpPlatform } from "./install-help";
import "./install-help-dialog.css";

/** Safari's Share glyph: a box with an arrow out of its top. */
function SafariShareIcon() {
  return (
    <Icon size={20} outline>
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" />
    </Icon>
  );
}

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

function Step({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <li>
      {icon ? <span className="install-help__icon">{icon}</span> : null}
      <span>{children}</span>
    </li>
  );
}

const STEPS: Record<InstallHelpPlatform, ReactNode> = {
  ios: (
    <>
      <Step icon={<SafariShareIcon />}>
        Tap <strong>Share</strong> in the browser's toolbar.
      </Step>
      <Step icon={<AddToHomeScreenIcon />}>
        Choose <strong>Add to Home Screen</strong> (scroll the list down if you don't see it).
      </Step>
      <Step>
        Tap <strong>Add</strong>. The site opens from its icon, like an app, and works offline.
      </Step>
    </>
  ),
  "macos-safari": (
    <>
      <Step>
        In the menu bar, open <strong>File</strong>.
      </Step>
      <Step icon={<AddToHomeScreenIcon />}>
        Choose <strong>Add to Dock…</strong>, then <strong>Add</strong>.
      </Step>
      <Step>The site opens from the Dock in its own window and works offline.</Step>
    </>
  ),
  "firefox-android": (
    <>
      <Step icon={<MenuIcon />}>
        Open Firefox's menu (<strong>⋮</strong>).
      </Step>
      <Step icon={<AddToHomeScreenIcon />}>
        Choose <strong>Install</strong> (or <strong>Add to Home screen</strong>), then confirm.
      </Step>
      <Step>The site opens from its icon, like an app, and works offline.</Step>
    </>
  ),
};

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
    <Modal open={open} onClose={onClose} title="Install this app" returnFocusTo={returnFocusTo}>
      <div className="install-help">
        <ol className="install-help__steps">{STEPS[platform]}</ol>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            dismissInstallHelp();
            onDismiss();
          }}
        >
          Don't show again
        </button>
      </div>
    </Modal>
  );
}
