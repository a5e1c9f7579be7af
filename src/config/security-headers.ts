/**
 * The security headers, defined once: the notification server sends them on every response and
 * `firebase.json` is generated from them (`build/firebase-headers.ts`), so both hosts agree. The
 * whole CSP comes from one function of the parsed `VITE_*` settings and the built pages' inline
 * hashes (`build/csp-hashes.ts`). Data and string building only (no DOM, no Node APIs).
 */
import type { ClientConfig } from "./parse-config";

/** A CSP source such as `'sha256-…'` for an inline block (hashes are computed from the built HTML). */
export type CspHash = `'sha256-${string}'`;

export interface SecurityHeaderOptions {
  /** The build's settings: where the page sends messages (connect-src, and the form's form-action). */
  client?: Pick<ClientConfig, "notifyUrl" | "firebase" | "firestoreEmulator">;
  /** Hashes of the inline `<style>` blocks of the built pages. */
  styleHashes?: readonly CspHash[];
  /** Hashes of inline executable `<script>` blocks, if a page has any. */
  scriptHashes?: readonly CspHash[];
  /** Strict-Transport-Security (only meaningful over HTTPS). */
  hsts?: boolean;
}

/**
 * `<style>` blocks that libraries insert at run time, with fixed content (so a fixed hash):
 * lottie-react 3's display stylesheet (React-hoisted `<style href="lottie-display">`) and
 * OverlayScrollbars 2's environment probe. A test recomputes them from the installed packages.
 */
export const LIBRARY_STYLE_HASHES: readonly CspHash[] = [
  "'sha256-h48haH0359qOIVIMFFnYvB3PSElQN1I/gz3BOLhh/fI='",
  "'sha256-sZSZaxZAOXHO56vYIM2MMQWIEd/XqOqh0WWFgLY9NmI='",
];

const FIRESTORE_ORIGIN = "https://firestore.googleapis.com";

/** Directives in the order they are sent. No 'unsafe-inline' and no 'unsafe-eval' anywhere. */
export function cspDirectives(options: SecurityHeaderOptions = {}): [string, string[]][] {
  const unique = (values: readonly string[]) => [...new Set(values)];
  const { notifyUrl = "", firebase = null, firestoreEmulator } = options.client ?? {};
  // No notify URL means the same origin, which 'self' covers; another origin also receives the
  // contact form posted without JavaScript (the form's action is the notify URL + /contact).
  const notify = notifyUrl === "" ? [] : [new URL(notifyUrl).origin];
  const emulator = firestoreEmulator ? [`http://${firestoreEmulator.host}:${firestoreEmulator.port}`] : [];
  return [
    ["default-src", ["'self'"]],
    ["script-src", unique(["'self'", ...(options.scriptHashes ?? [])])],
    ["style-src", unique(["'self'", ...LIBRARY_STYLE_HASHES, ...(options.styleHashes ?? [])])],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", unique(["'self'", ...notify, ...(firebase ? [FIRESTORE_ORIGIN] : []), ...emulator])],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", unique(["'self'", ...notify])],
    ["frame-ancestors", ["'none'"]],
  ];
}

export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  return cspDirectives(options)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The headers that only a document reads (a page, an SVG or PDF opened on its own) or a worker
 * script (its CSP). A script or stylesheet that a page loads ignores them, so the notification
 * server leaves them off its hashed scripts and stylesheets under assets/ (server/http/static-site.ts):
 * over HTTP/1.1 they were about 0.9 kB of every such answer, the size of many chunks. Firebase
 * Hosting sends them everywhere; over HTTP/2 and 3 a repeated header costs a few bytes.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "X-Frame-Options",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
] as const;

/** Every security header (name → value), in the spelling both hosts send. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.hsts ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
