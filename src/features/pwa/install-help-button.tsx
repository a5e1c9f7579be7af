import { useRef, useState } from "react";
import { InstallAppButton } from "./install-app-button";
import type { InstallHelpPlatform } from "./install-help";
import { InstallHelpDialog } from "./install-help-dialog";

/** The Install button where the browser installs from its own menu: a click shows the steps. */
export function InstallHelpButton({ platform }: { platform: InstallHelpPlatform }) {
  const button = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<"unused" | "open" | "closed">("unused");
  const [dismissed, setDismissed] = useState(false);

  return (
    <>
      {dismissed ? null : <InstallAppButton ref={button} onClick={() => setDialog("open")} />}
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
