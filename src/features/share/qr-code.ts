import QRCode from "qrcode";

/**
 * The QR code of `text` as an SVG document, black on white, level M (survives a print on a CV); the
 * build and the browser both draw it here, so they draw the same code.
 */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
}
