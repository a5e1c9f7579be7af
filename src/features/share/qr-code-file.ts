/**
 * Where the build puts the QR code of `VITE_SITE_URL` (build/site-address.ts): a static file, so
 * the Share dialog shows it with no script and the service worker precaches it.
 */
export const QR_CODE_FILE = "/share-qr.svg";

/** The file name a downloaded QR code gets. */
export const QR_CODE_DOWNLOAD_NAME = "portfolio-qr-code.svg";
