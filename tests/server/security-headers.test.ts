/**
 * One definition of the security headers (src/config/security-headers.ts), built from the build's
 * settings, and its writer into firebase.json. The CSP never allows inline code wholesale. That
 * the written file matches the built pages is checked after the build (tests/e2e/firebase-headers).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inlineHashesOf } from "../../build/csp-hashes";
import {
  expectedFirebaseHeaders,
  FIREBASE_JSON,
  firebaseSecurityHeaders,
  withSecurityHeaders,
} from "../../build/firebase-headers";
import { lottieDisplayStyle, overlayScrollbarsProbeStyle } from "../../build/library-styles";
import { parseConfig } from "../../src/config/parse-config";
import {
  LIBRARY_STYLE_HASHES,
  type SecurityHeaderOptions,
  securityHeaders,
} from "../../src/config/security-headers";
import { ROOT } from "./child-server";

const firebaseText = readFileSync(join(ROOT, FIREBASE_JSON), "utf8");

test("one CSP from the build's settings: the notify origin may be fetched and posted to, Firestore fetched", () => {
  const csp = (client: SecurityHeaderOptions["client"]) =>
    securityHeaders({ client })["Content-Security-Policy"];
  expect(csp(parseConfig({}))).toContain("connect-src 'self'; ");
  expect(csp(parseConfig({}))).toContain("form-action 'self'; ");
  const hosted = parseConfig({
    VITE_NOTIFY_URL: "https://notify.example.org/base/",
    VITE_FIREBASE_API_KEY: "k",
    VITE_FIREBASE_PROJECT_ID: "p",
    VITE_FIREBASE_APP_ID: "a",
    VITE_FIREBASE_EMULATOR_HOST: "127.0.0.1:8080",
  });
  expect(csp(hosted)).toContain(
    "connect-src 'self' https://notify.example.org https://firestore.googleapis.com http://127.0.0.1:8080; ",
  );
  // The form posted without JavaScript goes to the notify server (VITE_NOTIFY_URL + /contact).
  expect(csp(hosted)).toContain("form-action 'self' https://notify.example.org; ");
  // firebase.json gets the same policy from the same settings (`npm run build` writes it).
  expect(expectedFirebaseHeaders({ client: hosted })["Content-Security-Policy"]).toBe(csp(hosted));
});

test("the generator rewrites a drifted value and refuses a missing header", () => {
  const drifted = firebaseText.replace('"value": "nosniff"', '"value": "sniff-away"');
  const fixed = withSecurityHeaders(drifted, expectedFirebaseHeaders({}));
  expect(firebaseSecurityHeaders(fixed)["X-Content-Type-Options"]).toBe("nosniff");
  const missing = firebaseText.replace('"key": "Permissions-Policy"', '"key": "Feature-Policy"');
  expect(() => withSecurityHeaders(missing, expectedFirebaseHeaders({}))).toThrow(/Permissions-Policy/);
});

test("inline <style> blocks and executable inline scripts are hashed; data blocks and src scripts are not", () => {
  const html =
    '<style>a{color:red}</style><script type="application/ld+json">{"@type":"Person"}</script>' +
    '<script type="module" src="/x.js"></script><script>console.log(1)</script>' +
    '<script type="module">import("/y.js")</script>';
  const { styleHashes, scriptHashes } = inlineHashesOf(html);
  expect(styleHashes).toEqual(["'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs='"]);
  // The classic script and the inline module, each by the SHA-256 of its text.
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  expect(scriptHashes).toEqual([sha("console.log(1)"), sha('import("/y.js")')]);
  const csp = securityHeaders({ styleHashes, scriptHashes })["Content-Security-Policy"];
  expect(csp).toMatch(new RegExp(`style-src 'self' [^;]*${styleHashes[0]?.replace(/[+/]/g, "\\$&")}`));
  expect(csp).toContain(`script-src 'self' ${scriptHashes[0]}`);
});

test("the library stylesheets' hashes match the installed lottie-react and OverlayScrollbars", () => {
  const computed = [lottieDisplayStyle().css, overlayScrollbarsProbeStyle()].map(
    (css) => inlineHashesOf(`<style>${css}</style>`).styleHashes[0],
  );
  expect(computed).toEqual(LIBRARY_STYLE_HASHES);
});
