import QRCode from "qrcode";

/**
 * The QR code of `text` as a standalone SVG document: black on white whatever the theme, with the
 * standard four-module quiet zone, and error correction level M (15 %: survives a print on a CV).
 * The build and the browser both call this, so both draw the same code; the browser loads it (and
 * the QR code library) only when the build had no address to draw it from.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
}
