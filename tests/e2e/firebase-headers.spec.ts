/**
 * firebase.json, as `npm run build` leaves it, against the build itself: every inline block of
 * every built page has its hash in the CSP (computed here, from the HTML, with parse5), nothing
 * else does, and the rest of the policy is the build's (no notify URL: 'self' only).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { type DefaultTreeAdapterMap, parse, defaultTreeAdapter as tree } from "parse5";
import { firebaseSecurityHeaders } from "../../build/firebase-headers";
import { LIBRARY_STYLE_HASHES } from "../../src/config/security-headers";
import { ROOT } from "./server";

type Node = DefaultTreeAdapterMap["parentNode"];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith(".html")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The text of every inline <style>, and of every inline script a browser runs, in a document. */
function inlineBlocks(node: Node, found = { styles: [] as string[], scripts: [] as string[] }) {
  for (const child of tree.getChildNodes(node)) {
    if (!tree.isElementNode(child)) continue;
    const attribute = (name: string) => child.attrs.find((attr) => attr.name === name)?.value;
    const content = tree
      .getChildNodes(child)
      .map((text) => (tree.isTextNode(text) ? tree.getTextNodeContent(text) : ""))
      .join("");
    if (child.tagName === "style") found.styles.push(content);
    const type = attribute("type") ?? "";
    if (
      child.tagName === "script" &&
      attribute("src") === undefined &&
      /^(|module|text\/javascript)$/i.test(type)
    ) {
      found.scripts.push(content);
    }
    inlineBlocks(child, found);
  }
  return found;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

test("firebase.json's CSP holds the hash of every inline block of the built pages, and only those", () => {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const pages = htmlFiles(join(ROOT, "dist"));
  expect(pages.length).toBeGreaterThanOrEqual(5);
  for (const file of pages) {
    const blocks = inlineBlocks(parse(readFileSync(file, "utf8")));
    for (const style of blocks.styles) styles.add(sha256(style));
    for (const script of blocks.scripts) scripts.add(sha256(script));
  }
  // The boot script (the theme before the first paint) is one of them.
  expect(scripts.size).toBeGreaterThanOrEqual(1);

  const csp = firebaseSecurityHeaders(readFileSync(join(ROOT, "firebase.json"), "utf8"))[
    "Content-Security-Policy"
  ];
  const directive = (name: string) =>
    csp
      ?.split("; ")
      .find((part) => part.startsWith(`${name} `))
      ?.split(" ")
      .slice(1) ?? [];
  expect(directive("script-src").sort()).toEqual(["'self'", ...scripts].sort());
  // lottie-react's stylesheet is both prerendered and a library's: one hash.
  expect(directive("style-src").sort()).toEqual(
    [...new Set(["'self'", ...LIBRARY_STYLE_HASHES, ...styles])].sort(),
  );
  expect(directive("connect-src")).toEqual(["'self'"]);
  expect(directive("form-action")).toEqual(["'self'"]);
  expect(csp).not.toContain("unsafe-inline");
});
