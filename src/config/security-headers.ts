/**
 * The security headers, defined once: the notification server sends them and `firebase.json` is
 * generated from them (`build/firebase-headers.ts`), so both hosts agree.
 */
import type { ClientConfig } from "./parse-config";

/** A CSP source for an inline block, computed from the built HTML (`build/csp-hashes.ts`). */
export type CspHash = `'sha256-${string}'`;

export interface SecurityHeaderOptions {
  /** The build's settings: where the page sends messages (connect-src, and the form's form-action). */
  client?: Pick<ClientConfig, "serverUrl" | "firebase" | "firestoreEmulator">;
  styleHashes?: readonly CspHash[];
  scriptHashes?: readonly CspHash[];
  /** Strict-Transport-Security (only meaningful over HTTPS). */
  hsts?: boolean;
}

/**
 * `<style>` blocks that libraries insert at run time, with fixed content (so a fixed hash):
 * lottie-react 3's display stylesheet (React-hoisted `<style href="lottie-display">`) and
 * OverlayScrollbars 2's environment probe. A test checks them against `build/library-styles.ts`.
 */
export const LIBRARY_STYLE_HASHES: readonly CspHash[] = [
  "'sha256-h48haH0359qOIVIMFFnYvB3PSElQN1I/gz3BOLhh/fI='",
  "'sha256-sZSZaxZAOXHO56vYIM2MMQWIEd/XqOqh0WWFgLY9NmI='",
];

const FIRESTORE_ORIGIN = "https://firestore.googleapis.com";

/** No 'unsafe-inline' and no 'unsafe-eval' anywhere. */
function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const unique = (values: readonly string[]) => [...new Set(values)];
  const { serverUrl = "", firebase = null, firestoreEmulator } = options.client ?? {};
  // No server URL means the same origin, which 'self' covers; another origin also receives the
  // contact form posted without JavaScript (the form's action is the server URL + /contact).
  const server = serverUrl === "" ? [] : [new URL(serverUrl).origin];
  const emulator = firestoreEmulator ? [`http://${firestoreEmulator.host}:${firestoreEmulator.port}`] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", unique(["'self'", ...(options.scriptHashes ?? [])])],
    ["style-src", unique(["'self'", ...LIBRARY_STYLE_HASHES, ...(options.styleHashes ?? [])])],
    ["img-src", ["'self'", "data:"]],
    ["font-src", ["'self'"]],
    ["connect-src", unique(["'self'", ...server, ...(firebase ? [FIRESTORE_ORIGIN] : []), ...emulator])],
    ["worker-src", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", unique(["'self'", ...server])],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The headers only a document (or a worker script) reads: the server leaves them off its hashed
 * scripts and stylesheets, where over HTTP/1.1 they weighed as much as many chunks.
 */
export const DOCUMENT_ONLY_HEADERS = [
  "Content-Security-Policy",
  "X-Frame-Options",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
] as const;

/** Every security header, in the spelling both hosts send. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Same rule as frame-ancestors 'none', for browsers that only know X-Frame-Options.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.hsts ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
