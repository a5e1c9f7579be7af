import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The design system has one home (src/app/tokens.css, docs/design.md): every colour is a token, and
 * every token a stylesheet reads exists (a renamed token would otherwise fail silently, to the
 * browser's initial value).
 */
const SRC = join(import.meta.dirname, "../../../src");
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgb|hsl|oklch)a?\(/i;

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? stylesheets(join(dir, entry.name))
      : entry.name.endsWith(".css")
        ? [join(dir, entry.name)]
        : [],
  );
}

const sheets = stylesheets(SRC).map((file) => ({
  name: relative(SRC, file),
  css: readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
}));

it("writes colours only in tokens.css", () => {
  const strays = sheets
    // toggle-frames.css is the Lottie drawing's own frames, generated (tests/unit/toggle-frames.test.ts).
    .filter(({ name }) => name !== "app/tokens.css" && name !== "features/theme/toggle-frames.css")
    .flatMap(({ name, css }) =>
      css
        .split(";")
        .filter((declaration) => COLOUR.test(declaration))
        .map((declaration) => `${name}: ${declaration.trim()}`),
    );
  expect(strays).toEqual([]);
});

it("reads only tokens that are defined", () => {
  const all = sheets.map(({ css }) => css).join("\n");
  const defined = new Set([...all.matchAll(/(--[\w-]+)\s*:/g)].map((match) => match[1]));
  // Custom properties set by libraries, by the page's markup, or by script (the custom scrollbar
  // sets --scrollbar-gap to the native scrollbar's width when it attaches).
  const outside = /^--(os-|icon$|scrollbar-gap$)/;
  const read = new Set([...all.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1] ?? ""));
  expect([...read].filter((name) => !defined.has(name) && !outside.test(name))).toEqual([]);
});

it("names every breakpoint and the reduced-motion query (custom media from src/config/media.ts)", () => {
  const literal = sheets.flatMap(({ name, css }) =>
    [...css.matchAll(/@media ([^{]*)\{/g)]
      .map((match) => (match[1] ?? "").trim())
      .filter((query) => /width|prefers-reduced-motion/.test(query))
      .map((query) => `${name}: @media ${query}`),
  );
  expect(literal).toEqual([]);
});
