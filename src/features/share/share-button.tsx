import { type ComponentType, lazy, Suspense, useRef, useState } from "react";
import { appText } from "../../content/app";
import { shareAddress } from "./share-address";
import type { ShareDialogProps } from "./share-dialog";
import { ShareIcon } from "./share-icon";

/** The dialog is a chunk of its own, fetched when the visitor shows intent (hover, focus, tap). */
const loadDialog = () => import("./share-dialog");
const ShareDialog = lazy(
  (): Promise<{ default: ComponentType<ShareDialogProps> }> =>
    loadDialog().then((module) => ({ default: module.ShareDialog })),
);

function preloadDialog(): void {
  loadDialog().catch(() => {
    // Offline before the worker cached it: the click tries again.
  });
}

/**
 * "Share": the system's share sheet (Web Share API) where the browser has one, otherwise a dialog
 * with the address, "Copy link" and a QR code. The site's address is the one shared.
 */
export function ShareButton() {
  const button = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<"closed" | "open" | "unused">("unused");

  const share = async () => {
    const url = shareAddress();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ ...appText.share, url });
        return;
      } catch (error) {
        // The visitor closed the sheet: nothing more to do. Any other refusal (no share target,
        // data the platform rejects): the dialog instead.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    setDialog("open");
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--secondary share-button"
        onClick={share}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
        <ShareIcon size={18} />
        Share
      </button>
      {dialog === "unused" ? null : (
        <Suspense fallback={null}>
          <ShareDialog
            open={dialog === "open"}
            onClose={() => setDialog("closed")}
            returnFocusTo={() => button.current}
          />
        </Suspense>
      )}
    </>
  );
}
