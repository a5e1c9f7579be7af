import QRCode from "qrcode";

/**
 * Where the build puts the QR code of `VITE_SITE_URL` (build/site-address.ts): a static file, so
 * the Share dialog shows it with no script and the service worker precaches it.
 */
export const QR_CODE_FILE = "/share-qr.svg";

/** The file name a downloaded QR code gets. */
export const QR_CODE_DOWNLOAD_NAME = "portfolio-qr-code.svg";

/**
 * The QR code of `text` as a standalone SVG document: black on white whatever the theme, with the
 * standard four-module quiet zone, and error correction level M (15 %: survives a print on a CV).
 * The build and the browser both call this, so both draw the same code.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
}
