/**
 * The `<style>` blocks that libraries insert at run time, read from the installed packages. Their
 * CSP hashes are fixed (src/config/security-headers.ts, checked against these by a test), and the
 * prerender writes lottie-react's into every page's head (`lottieDisplayStyleTag`). And one change
 * to a library's stylesheet (`scrollbarStyles`).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { AcceptedPlugin } from "postcss";

const MODULES = resolve(import.meta.dirname, "../node_modules");

const read = (path: string) => readFileSync(join(MODULES, path), "utf8");

/** A template literal's `${name}` placeholder, as it appears in a library's source. */
const slot = (name: string) => ["$", "{", name, "}"].join("");

function found(what: string, value: string | undefined): string {
  if (!value)
    throw new Error(`library-styles: ${what} not found in the installed package (its source changed)`);
  return value;
}

/** lottie-react's display stylesheet: `@layer <layer>{<rules>}`, hoisted by React as `<style href precedence>`. */
export function lottieDisplayStyle(): { href: string; precedence: string; css: string } {
  const display = read("lottie-react/build/animation/LottieDisplay.js");
  const href = found("lottieDisplayClass", /lottieDisplayClass = "([^"]+)"/.exec(display)?.[1]);
  const rules = found("lottieDisplayStyles", /lottieDisplayStyles = `([^`]+)`/.exec(display)?.[1]);
  const layer = read("lottie-react/build/animation/styleLayer.js");
  const precedence = read("lottie-react/build/animation/stylePrecedence.js");
  return {
    href,
    precedence: found("stylePrecedence", /stylePrecedence = "([^"]+)"/.exec(precedence)?.[1]),
    css: `@layer ${found("styleLayer", /styleLayer = "([^"]+)"/.exec(layer)?.[1])}{${rules.replaceAll(slot("lottieDisplayClass"), href)}}`,
  };
}

/**
 * The element React looks for before it inserts the stylesheet itself. Inserted by React, it went
 * first in the head, before the page's own stylesheet: the browser then rebuilt every style rule,
 * its web fonts included, and laid the whole page out again, a long task on a slow phone just
 * after the switch's animation had drawn (docs/decisions.md). Written here, nothing is inserted.
 */
export function lottieDisplayStyleTag(): string {
  const { href, precedence, css } = lottieDisplayStyle();
  return `<style data-href="${href}" data-precedence="${precedence}">${css}</style>`;
}

/** OverlayScrollbars' environment probe, a `<style>` it adds and removes while it attaches. */
export function overlayScrollbarsProbeStyle(): string {
  const overlay = read("overlayscrollbars/overlayscrollbars.mjs");
  const environment = found("the environment class", /const L = "([^"]+)";/.exec(overlay)?.[1]);
  const hidden = found("the hidden class", /const P = `\$\{L\}([^`]+)`;/.exec(overlay)?.[1]);
  return found("the probe", /const t = `(\.\$\{L\}\{scroll-behavior[^`]+)`;/.exec(overlay)?.[1])
    .replaceAll(slot("L"), environment)
    .replaceAll(slot("P"), `${environment}${hidden}`);
}

/** OverlayScrollbars' rule that hides a viewport's children while it measures (`noContent`). */
const NO_CONTENT_CHILDREN = "[data-overlayscrollbars-viewport~=noContent]:not(#osFakeId) > *:not(#osFakeId)";
/** The same for the only viewport here, the page (src/app/custom-scrollbar.ts): `<html>`, whose child is `<body>`. */
const NO_CONTENT_BODY = "html[data-overlayscrollbars-viewport~=noContent]:not(#osFakeId) > body";

/**
 * A PostCSS plugin for OverlayScrollbars' stylesheet. With `> *` in that rule, Chromium restyled
 * every element of the page at each change of `<html>`'s viewport attribute, which the library
 * changes several times as it attaches: the first scroll's long task on a slow phone
 * (docs/decisions.md). Named `> body`, a change restyles only what it matches. The build fails if
 * the library's rule changed.
 */
export function scrollbarStyles(): AcceptedPlugin {
  return {
    postcssPlugin: "overlayscrollbars-no-content",
    Once: (root) => {
      if (!root.source?.input.file?.replaceAll("\\", "/").includes("/overlayscrollbars/styles/")) return;
      let replaced = 0;
      root.walkRules((rule) => {
        if (!rule.selectors.includes(NO_CONTENT_CHILDREN)) return;
        rule.selectors = rule.selectors.map((selector) =>
          selector === NO_CONTENT_CHILDREN ? NO_CONTENT_BODY : selector,
        );
        replaced += 1;
      });
      if (replaced !== 1) found("the noContent children rule", undefined);
    },
  };
}
