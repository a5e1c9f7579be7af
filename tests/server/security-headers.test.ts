/**
 * One definition of the security headers: firebase.json sends the same ones as the server
 * (src/config/security-headers.ts), and the CSP never allows inline code wholesale.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  expectedFirebaseHeaders,
  FIREBASE_JSON,
  firebaseSecurityHeaders,
  withSecurityHeaders,
} from "../../build/firebase-headers";
import { inlineHashesOf } from "../../server/csp-hashes";
import { type CspHash, LIBRARY_STYLE_HASHES, securityHeaders } from "../../src/config/security-headers";
import { ROOT } from "./child-server";

const firebaseText = readFileSync(join(ROOT, FIREBASE_JSON), "utf8");

test("firebase.json's security headers are the shared definition (hashes and connect-src from the last build)", () => {
  const headers = firebaseSecurityHeaders(firebaseText);
  const csp = headers["Content-Security-Policy"] ?? "";
  const directive = (name: string) =>
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find(([first]) => first === name)
      ?.slice(1) ?? [];
  const hashes = (name: string) =>
    directive(name).filter((value) => value.startsWith("'sha256-")) as CspHash[];
  const expected = expectedFirebaseHeaders({
    connectSrc: directive("connect-src").filter((value) => value !== "'self'"),
    styleHashes: hashes("style-src"),
    scriptHashes: hashes("script-src"),
  });
  expect(headers).toEqual(expected);
  expect(headers["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  expect(csp).not.toContain("unsafe-inline");
  // The generator would leave the file as it is.
  expect(withSecurityHeaders(firebaseText, expected)).toBe(firebaseText);
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
    '<script type="module" src="/x.js"></script><script>console.log(1)</script>';
  const { styleHashes, scriptHashes } = inlineHashesOf(html);
  expect(styleHashes).toEqual(["'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs='"]);
  expect(scriptHashes).toHaveLength(1);
  const csp = securityHeaders({ styleHashes, scriptHashes })["Content-Security-Policy"];
  expect(csp).toMatch(new RegExp(`style-src 'self' [^;]*${styleHashes[0]?.replace(/[+/]/g, "\\$&")}`));
  expect(csp).toContain(`script-src 'self' ${scriptHashes[0]}`);
});

/** A template literal's `${name}` placeholder, as it appears in a library's source. */
const slot = (name: string) => ["$", "{", name, "}"].join("");

test("the library stylesheets' hashes match the installed lottie-react and OverlayScrollbars", () => {
  const read = (path: string) => readFileSync(join(ROOT, "node_modules", path), "utf8");
  // lottie-react: `@layer <styleLayer>{<lottieDisplayStyles>}` in a React-hoisted <style>.
  const layer = /styleLayer = "([^"]+)"/.exec(read("lottie-react/build/animation/styleLayer.js"))?.[1];
  const display = read("lottie-react/build/animation/LottieDisplay.js");
  const displayClass = /lottieDisplayClass = "([^"]+)"/.exec(display)?.[1] ?? "";
  const rules = /lottieDisplayStyles = `([^`]+)`/
    .exec(display)?.[1]
    ?.replaceAll(slot("lottieDisplayClass"), displayClass);
  // OverlayScrollbars: the environment probe's <style>, with its two class names.
  const overlay = read("overlayscrollbars/overlayscrollbars.mjs");
  const environment = /const L = "([^"]+)";/.exec(overlay)?.[1] ?? "";
  const hidden = /const P = `\$\{L\}([^`]+)`;/.exec(overlay)?.[1] ?? "";
  const probe = /const t = `(\.\$\{L\}\{scroll-behavior[^`]+)`;/
    .exec(overlay)?.[1]
    ?.replaceAll(slot("L"), environment)
    .replaceAll(slot("P"), `${environment}${hidden}`);
  const computed = [`@layer ${layer}{${rules}}`, probe ?? ""].map(
    (css) => inlineHashesOf(`<style>${css}</style>`).styleHashes[0],
  );
  expect(computed).toEqual(LIBRARY_STYLE_HASHES);
});
