import { useRef, useState } from "react";
import { Icon } from "../../components/icons";
import { appText } from "../../content/app";
import { ui } from "../../content/interface";
import { cachedLoad } from "../../shared/cached-load";
import { shareAddress } from "./share-address";

/** The dialog is a chunk of its own, fetched on intent (hover, focus, tap). */
const loadDialog = cachedLoad(() => import("./share-dialog").then((module) => module.ShareDialog));
const preloadDialog = () => void loadDialog().catch(() => {});

/** "Share": the system's share sheet where the browser has one, otherwise ./share-dialog.tsx. */
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
    loadDialog().then(
      () => setDialog("open"),
      () => {},
    );
  };
  const ShareDialog = loadDialog.value();

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
        {/* Three linked dots: share. */}
        <Icon size={18} outline>
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </Icon>
        {ui.share.button}
      </button>
      {ShareDialog && dialog !== "unused" && (
        <ShareDialog
          open={dialog === "open"}
          onClose={() => setDialog("closed")}
          returnFocusTo={() => button.current}
        />
      )}
    </>
  );
}
