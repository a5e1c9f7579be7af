/**
 * `virtual:font-subsets.css`: the @font-face rules of the site's faces' other subsets (Latin
 * Extended, Vietnamese, Geist Mono's Cyrillic…) that the content's characters need, each with its
 * `unicode-range`, beside the Latin ones of src/app/fonts.css. A subset no character of src/content/
 * falls in is not built or precached. Other scripts are drawn by the reader's own fonts, the
 * per-script stacks of src/app/tokens.css (docs/design.md, "Type").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { FAMILIES, subsets } from "./text.ts";

const ROOT = resolve(import.meta.dirname, "..");
/** A path inside src/app/, so that the rules' url()s resolve like those of fonts.css. */
const ID = join(ROOT, "src/app/font-subsets.virtual.css");
const FACES = [
  { family: "Bricolage Grotesque", weights: "200 800", source: FAMILIES.display[0] },
  { family: "Geist Mono", weights: "100 900", source: FAMILIES.mono[0] },
];

/** The code points written in src/content/ (its whole-line comments left out). */
function contentCodePoints(): Set<number> {
  const points = new Set<number>();
  const dir = join(ROOT, "src/content");
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
    const text = readFileSync(join(dir, file), "utf8").replace(/^\s*(\/\/|\/\*|\*).*\n/gm, "");
    for (const char of text) points.add(char.codePointAt(0) ?? 0);
  }
  return points;
}

/** The rules for the content's characters, none for a subset it does not use (nor Latin, in fonts.css). */
export function fontSubsetsCss(points = contentCodePoints()): string {
  const rules: string[] = [];
  for (const { family, weights, source } of FACES) {
    if (!source) continue;
    for (const subset of subsets(source, "display")) {
      if (subset.name === "latin") continue;
      if (![...points].some((point) => subset.ranges.some(([from, to]) => point >= from && point <= to)))
        continue;
      rules.push(`@font-face {
  font-family: "${family}";
  font-style: normal;
  font-weight: ${weights};
  font-display: swap;
  src: url("${source.dir}/files/${source.file(subset.name, "display")}") format("woff2-variations");
  unicode-range: ${subset.unicodeRange};
}`);
    }
  }
  return `${rules.join("\n")}\n`;
}

export function fontSubsets(): Plugin {
  return {
    name: "portfolio:font-subsets",
    resolveId: (id) => (id === "virtual:font-subsets.css" ? ID : undefined),
    load: (id) => (id === ID ? fontSubsetsCss() : undefined),
  };
}
