const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a request's `Origin` may use the API or post the contact form: one of the site's public
 * origins (`VITE_SITE_URL`, `ALLOWED_ORIGINS`) or, outside production, this server under a loopback
 * name on the port the request came in on (local `npm start`, tests). Never derived from the Host
 * header, which any client sets as it likes (and a DNS-rebinding page would match).
 */
export function originAllowed(
  origin: string,
  options: { publicOrigins: ReadonlySet<string>; production: boolean; localPort: number | undefined },
): boolean {
  if (options.publicOrigins.has(origin)) return true;
  if (options.production) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file://) and anything unparsable
  }
  return (
    url.protocol === "http:" &&
    LOOPBACK_NAMES.has(url.hostname) &&
    Number(url.port || 80) === options.localPort
  );
}
