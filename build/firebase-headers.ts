/**
 * Keeps firebase.json's security headers equal to `src/config/security-headers.ts`, with the
 * hashes of the built pages' inline blocks and the connect-src of the build's configuration.
 * Only the values of those headers change; the rest of the file keeps its formatting.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { type SecurityHeaderOptions, securityHeaders } from "../src/config/security-headers";

export const FIREBASE_JSON = "firebase.json";

/** firebase.json's headers of the catch-all source ("**"), name → value. */
export function firebaseSecurityHeaders(text: string): Record<string, string> {
  const config = JSON.parse(text) as {
    hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  };
  const all = config.hosting.headers.find((entry) => entry.source === "**");
  return Object.fromEntries((all?.headers ?? []).map(({ key, value }) => [key, value]));
}

/** The headers Firebase must send: the shared definition, always with HSTS (Hosting is HTTPS). */
export function expectedFirebaseHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return securityHeaders({ ...options, hsts: true });
}

/** Rewrites the "**" headers' values in firebase.json's text; throws if a header is missing there. */
export function withSecurityHeaders(text: string, expected: Record<string, string>): string {
  let result = text;
  for (const [key, value] of Object.entries(expected)) {
    const pattern = new RegExp(`("key":\\s*"${key}",\\s*"value":\\s*)"(?:[^"\\\\]|\\\\.)*"`);
    if (!pattern.test(result)) {
      throw new Error(`${FIREBASE_JSON} has no "${key}" header under the "**" source: add it once by hand.`);
    }
    result = result.replace(pattern, (_match, prefix: string) => `${prefix}${JSON.stringify(value)}`);
  }
  return result;
}

export function writeFirebaseHeaders(path: string, options: SecurityHeaderOptions): boolean {
  const before = readFileSync(path, "utf8");
  const after = withSecurityHeaders(before, expectedFirebaseHeaders(options));
  if (after !== before) writeFileSync(path, after);
  return after !== before;
}
