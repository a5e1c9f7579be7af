import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import arial from "@capsizecss/metrics/arial";
import bricolageGrotesque from "@capsizecss/metrics/bricolageGrotesque";
import courierNew from "@capsizecss/metrics/courierNew";
import geistMono from "@capsizecss/metrics/geistMono";

/**
 * The self-hosted typefaces (src/app/fonts.css): small Latin WOFF2 files, and fallback faces whose
 * overrides match each font's metrics, computed here independently (capsize's published metrics),
 * so that the swap from the fallback moves no text (CLS 0).
 */
const css = readFileSync(join(import.meta.dirname, "../../../src/app/fonts.css"), "utf8");
const require = createRequire(import.meta.url);

function face(family: string): Record<string, string> {
  const block = css.split("@font-face").find((rule) => rule.includes(`font-family: "${family}";`));
  if (!block) throw new Error(`no @font-face for ${family}`);
  return Object.fromEntries([...block.matchAll(/([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

type Metrics = typeof arial;

/** What a fallback face needs to take a font's room: the formula capsize and Next.js use. */
function overrides(font: Metrics, fallback: Metrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    "size-adjust": sizeAdjust * 100,
    "ascent-override": (font.ascent / em) * 100,
    "descent-override": (Math.abs(font.descent) / em) * 100,
    "line-gap-override": (font.lineGap / em) * 100,
  };
}

describe.each([
  ["Bricolage Grotesque", bricolageGrotesque, arial],
  ["Geist Mono", geistMono, courierNew],
])("%s", (family, font, fallback) => {
  it("is one Latin WOFF2 file of the package, at most 60 kB, swapped in", () => {
    const rule = face(family);
    expect(rule["font-display"]).toBe("swap");
    const file = /url\("([^"]+)"\)/.exec(rule.src ?? "")?.[1] ?? "";
    expect(file).toMatch(/-latin-wght-normal\.woff2$/);
    expect(statSync(require.resolve(file)).size).toBeLessThanOrEqual(60 * 1024);
  });

  it("has a local fallback scaled to its metrics", () => {
    const rule = face(`${family} Fallback`);
    expect(rule.src).toContain(`local("${fallback.familyName}")`);
    for (const [property, expected] of Object.entries(overrides(font, fallback))) {
      const value = Number.parseFloat(rule[property] ?? "NaN");
      expect(value, `${property}: ${expected.toFixed(2)}%`).toBeCloseTo(expected, 1);
    }
  });
});
