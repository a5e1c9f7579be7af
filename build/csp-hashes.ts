/**
 * The CSP hashes of a built site's inline blocks: every `<style>` element and every inline
 * executable `<script>` (JSON-LD and other data blocks are not executed, so they need none).
 * The server computes them from STATIC_DIR at start; `build/firebase-headers.ts` from `dist/`.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CspHash } from "../src/config/security-headers";

function hashOf(content: string): CspHash {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

const EXECUTABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/** Hashes of one HTML document's inline blocks. */
export function inlineHashesOf(html: string) {
  const styles = html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi);
  const styleHashes = [...styles].map((match) => hashOf(match[1] ?? ""));
  const scriptHashes: CspHash[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (EXECUTABLE.test(type)) scriptHashes.push(hashOf(match[2] ?? ""));
  }
  return { styleHashes, scriptHashes };
}

function htmlFiles(root: string): string[] {
  try {
    const entries = readdirSync(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(".html"))
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** The hashes of every HTML file under `root` (sorted, without repeats); none when it is not built. */
export function inlineHashesOfSite(root: string) {
  const pages = htmlFiles(root).map((file) => inlineHashesOf(readFileSync(file, "utf8")));
  const merged = (key: "styleHashes" | "scriptHashes") =>
    [...new Set(pages.flatMap((page) => page[key]))].sort();
  return { styleHashes: merged("styleHashes"), scriptHashes: merged("scriptHashes") };
}
