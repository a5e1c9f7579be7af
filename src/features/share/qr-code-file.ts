/** The QR code of `VITE_SITE_URL`, drawn by the build (build/site-address.ts) and precached. */
export const QR_CODE_FILE = "/share-qr.svg";

export const QR_CODE_DOWNLOAD_NAME = "portfolio-qr-code.svg";
