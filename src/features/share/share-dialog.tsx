import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/modal";
import { config } from "../../config/env";
import { ui } from "../../content/interface";
import { cachedLoad } from "../../shared/cached-load";
import { QR_CODE_DOWNLOAD_NAME, QR_CODE_FILE } from "./qr-code-file";
import { shareAddress } from "./share-address";
import "./share-dialog.css";

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}

const words = ui.share;
const loadQrCode = cachedLoad(() => import("./qr-code"));

/** The QR code: the file the build drew from `VITE_SITE_URL`, or else one drawn here from the page's origin. */
function useQrCode(address: string, open: boolean): string | null {
  const [drawn, setDrawn] = useState<string | null>(null);
  useEffect(() => {
    if (config.siteUrl || !open || drawn) return;
    let current = true;
    loadQrCode()
      .then(({ qrCodeSvg }) => qrCodeSvg(address))
      .then((svg) => {
        if (current) setDrawn(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // Offline before the worker cached the QR code library: the address and Copy link remain,
        // and the dialog's next opening asks again.
      });
    return () => {
      current = false;
    };
  }, [address, open, drawn]);
  return config.siteUrl ? QR_CODE_FILE : drawn;
}

/** Share without the Web Share API: the address, "Copy link", and a QR code to scan or download. */
export function ShareDialog({ open, onClose, returnFocusTo }: ShareDialogProps) {
  const address = shareAddress();
  const qrCode = useQrCode(address, open);
  const [copy, setCopy] = useState<"idle" | "copied" | "manual">("idle");
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  useEffect(() => {
    if (!open) setCopy("idle");
  }, [open]);

  useEffect(() => {
    if (copy === "manual") field.current?.select();
  }, [copy]);

  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no Clipboard API");
      await navigator.clipboard.writeText(address);
      setCopy("copied");
    } catch {
      // No clipboard access (an old browser, a refused permission): a field to copy from.
      setCopy("manual");
      field.current?.select();
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={words.title} returnFocusTo={returnFocusTo}>
      <div className="share-dialog">
        <p className="share-dialog__address">{address}</p>
        <div className="share-dialog__copy">
          <button type="button" className="button button--primary" onClick={copyLink}>
            {words.copy}
          </button>
          <p role="status" className="share-dialog__status">
            {copy === "copied" ? words.copied : copy === "manual" ? words.copyManually : ""}
          </p>
        </div>
        {copy === "manual" ? (
          <div className="share-dialog__field">
            <label htmlFor={fieldId}>{words.address}</label>
            <input
              ref={field}
              id={fieldId}
              type="url"
              readOnly
              value={address}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        ) : null}
        <figure className="share-dialog__qr">
          {qrCode ? (
            <img src={qrCode} width={200} height={200} alt={words.qrAlt(address)} />
          ) : (
            <div className="share-dialog__qr-pending" aria-hidden="true" />
          )}
          <figcaption>{words.qrCaption}</figcaption>
        </figure>
        {qrCode ? (
          <a className="button button--secondary" href={qrCode} download={QR_CODE_DOWNLOAD_NAME}>
            {words.qrDownload}
          </a>
        ) : null}
      </div>
    </Modal>
  );
}
