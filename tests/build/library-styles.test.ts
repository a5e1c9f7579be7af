/** The change to OverlayScrollbars' stylesheet (build/library-styles.ts), on the installed package's file. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import postcss from "postcss";
import { scrollbarStyles } from "../../build/library-styles";

const file = createRequire(import.meta.url).resolve("overlayscrollbars/overlayscrollbars.css");
const build = (css: string) => postcss([scrollbarStyles()]).process(css, { from: file }).css;

it("hides only the page's body while the scrollbar measures, so no rule restyles the whole page", () => {
  const css = build(readFileSync(file, "utf8"));
  // A rule ending in `> *` on the attribute the library keeps changing on <html>.
  expect(css).not.toMatch(/noContent\]:not\(#osFakeId\) > \*/);
  expect(css).toContain("html[data-overlayscrollbars-viewport~=noContent]:not(#osFakeId) > body");
});

it("fails the build when the library's rule changed", () => {
  expect(() => build("[data-overlayscrollbars-viewport~=noContent] > * { display: none; }")).toThrow(
    /noContent children rule not found/,
  );
});

it("leaves every other stylesheet alone", () => {
  const css = ".a > * { order: 0; }";
  expect(postcss([scrollbarStyles()]).process(css, { from: "/src/app/global.css" }).css).toBe(css);
});
