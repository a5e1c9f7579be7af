import { useRef, useState } from "react";
import type { InstallHelpPlatform } from "./install-help";
import { InstallHelpDialog } from "./install-help-dialog";
import { InstallIcon } from "./pwa-icons";

export interface InstallHelpButtonProps {
  platform: InstallHelpPlatform;
}

/** The Install button where the browser installs from its own menu: a click shows the steps. */
export function InstallHelpButton({ platform }: InstallHelpButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<"unused" | "open" | "closed">("unused");
  const [dismissed, setDismissed] = useState(false);

  return (
    <>
      {dismissed ? null : (
        // The same button, name and look as the browser's offer (./install-button.tsx).
        <button
          ref={button}
          type="button"
          className="install-button"
          aria-label="Install app"
          onClick={() => setDialog("open")}
        >
          <InstallIcon size={18} />
          <span className="install-button__label">Install</span>
        </button>
      )}
      {dialog === "unused" ? null : (
        <InstallHelpDialog
          platform={platform}
          open={dialog === "open"}
          onClose={() => setDialog("closed")}
          onDismiss={() => {
            setDismissed(true);
            setDialog("closed");
          }}
          returnFocusTo={() => button.current ?? document.getElementById("main")}
        />
      )}
    </>
  );
}
