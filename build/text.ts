/**
 * How the build draws text into its pictures (the link preview, the app icon, the résumé): in any
 * script, shaped (fontkit's layout: Arabic joins, Devanagari's conjuncts), right to left where the
 * script is, and emoji as drawings of the Fluent Emoji Flat set. The site's own faces draw what
 * they have; the Noto faces (Fontsource) draw the other scripts. A character that no face has
 * stops the build with a sentence that names it (docs/design.md, "Pictures of the owner").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getIconData, iconToSVG, replaceIDs } from "@iconify/utils";
import { chars as emojiChars, icons as emojiSet } from "@iconify-json/fluent-emoji-flat";
import * as fontkit from "fontkit";
import subsetFont from "subset-font";
import { EMOJI } from "../src/lib/emoji.ts";

const ROOT = resolve(import.meta.dirname, "..");

/**
 * Which voice a text is drawn in: the display face at its default weight, 800 (names, headings),
 * at 400 (running text), or the mono face (labels).
 */
export type Role = "display" | "text" | "mono";

/** A Fontsource package's files, one per unicode-range subset (its `unicode.json`), and the instance drawn. */
export interface Family {
  dir: string;
  file: (subset: string, role: Role) => string;
  axes?: Record<string, number>;
}

const fontsource = (name: string): Family => ({
  dir: `@fontsource/${name}`,
  // Bold beside the display face (its default instance is weight 800), regular beside the mono face.
  file: (subset, role) => `${name}-${subset}-${role === "display" ? 700 : 400}-normal.woff2`,
});

/** Noto's families in the order they are tried for a character the site's face lacks. */
const NOTO = [
  "noto-sans",
  "noto-sans-arabic",
  "noto-sans-hebrew",
  "noto-sans-devanagari",
  "noto-sans-jp",
  "noto-sans-sc",
].map(fontsource);

const BRICOLAGE = {
  dir: "@fontsource-variable/bricolage-grotesque",
  file: (subset: string) => `bricolage-grotesque-${subset}-wght-normal.woff2`,
};

export const FAMILIES: Record<Role, Family[]> = {
  display: [BRICOLAGE, ...NOTO],
  text: [{ ...BRICOLAGE, axes: { wght: 400 } }, ...NOTO],
  mono: [
    { dir: "@fontsource-variable/geist-mono", file: (subset) => `geist-mono-${subset}-wght-normal.woff2` },
    ...NOTO,
  ],
};

/** One subset file of a family: the file and the code points its `unicode-range` names. */
interface Subset {
  name: string;
  unicodeRange: string;
  path: string;
  axes: Record<string, number> | undefined;
  ranges: [number, number][];
}

const subsetsOf = new Map<string, Subset[]>();
/** A family's subsets, as its `unicode.json` lists them. */
export function subsets(family: Family, role: Role): Subset[] {
  const key = `${family.dir} ${role}`;
  let list = subsetsOf.get(key);
  if (!list) {
    const dir = join(ROOT, "node_modules", family.dir);
    const table = JSON.parse(readFileSync(join(dir, "unicode.json"), "utf8")) as Record<string, string>;
    list = Object.entries(table).map(([key, ranges]) => ({
      name: key.replace(/^\[(\d+)\]$/, "$1"),
      unicodeRange: ranges,
      path: join(dir, "files", family.file(key.replace(/^\[(\d+)\]$/, "$1"), role)),
      axes: family.axes,
      ranges: ranges.split(",").map((range) => {
        const [from = "0", to = from] = range.replace(/^U\+/i, "").split("-");
        return [Number.parseInt(from, 16), Number.parseInt(to, 16)];
      }),
    }));
    subsetsOf.set(key, list);
  }
  return list;
}

/** A font file and the instance of its variation axes that is drawn (the default one without). */
export interface Face {
  file: string;
  axes?: Record<string, number> | undefined;
}

const opened = new Map<string, fontkit.Font>();
const faceKey = ({ file, axes }: Face) => `${file} ${JSON.stringify(axes ?? {})}`;

/** A face's font, opened once (one with `axes` once `loadInstances` has made it). */
export function openFont(face: Face): fontkit.Font {
  const key = faceKey(face);
  let font = opened.get(key);
  if (!font) {
    if (face.axes) throw new Error(`build/text.ts: loadInstances() first, for ${key}`);
    font = fontkit.openSync(face.file) as fontkit.Font;
    opened.set(key, font);
  }
  return font;
}

const truetypes = new Map<string, Promise<Buffer>>();
/**
 * A face as a static TrueType font (harfbuzz's instancer): what the résumé embeds (pdfkit cannot
 * subset a WOFF2 font's composite glyphs) and how a face with `axes` is drawn (fontkit's own
 * instancer cannot read a WOFF2 font).
 */
export function truetype(face: Face): Promise<Buffer> {
  const key = faceKey(face);
  let ttf = truetypes.get(key);
  if (!ttf) {
    const font = fontkit.openSync(face.file) as fontkit.Font;
    const defaults = Object.fromEntries(
      Object.entries(font.variationAxes).map(([axis, range]) => [axis, range?.default ?? 0]),
    );
    ttf = subsetFont(readFileSync(face.file), String.fromCodePoint(...font.characterSet), {
      targetFormat: "truetype",
      variationAxes: { ...defaults, ...face.axes },
    });
    truetypes.set(key, ttf);
  }
  return ttf;
}

/** Makes the instances of the faces drawn at other than their default axes (the "text" role's). */
export async function loadInstances(): Promise<void> {
  for (const role of Object.keys(FAMILIES) as Role[]) {
    for (const family of FAMILIES[role]) {
      if (!family.axes) continue;
      for (const subset of subsets(family, role)) {
        const face = { file: subset.path, axes: family.axes };
        if (!opened.has(faceKey(face)))
          opened.set(faceKey(face), fontkit.create(await truetype(face)) as fontkit.Font);
      }
    }
  }
}

/** The face that draws a character in a role: the first family whose subset for it has the glyph. */
export function faceFor(char: string, role: Role): Face | null {
  const point = char.codePointAt(0) ?? 0;
  for (const family of FAMILIES[role]) {
    for (const subset of subsets(family, role)) {
      if (!subset.ranges.some(([from, to]) => point >= from && point <= to)) continue;
      const face = { file: subset.path, axes: subset.axes };
      if (openFont(face).hasGlyphForCodePoint(point)) return face;
    }
  }
  return null;
}

/** A piece of a line drawn by one face, or one emoji (`emoji`, its Fluent drawing's name). */
export type Run = { text: string; face: Face; rtl: boolean } | { text: string; emoji: string };

const RTL_CHAR = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const LTR_CHAR =
  /(?![\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}])\p{L}/u;
/** Characters that go with their neighbours: marks, joiners, variation selectors. */
const ATTACHED = /^(?:\p{M}|\u200C|\u200D|[\uFE00-\uFE0F])$/u;

/** Whether a text reads right to left: its first letter's script does. */
export function isRtl(text: string): boolean {
  for (const char of text) {
    if (RTL_CHAR.test(char)) return true;
    if (LTR_CHAR.test(char)) return false;
  }
  return false;
}

/** The Fluent Emoji Flat drawing's name for an emoji, or null when the set has none. */
export function emojiName(emoji: string): string | null {
  const points = [...emoji].map((char) => (char.codePointAt(0) ?? 0).toString(16));
  const full = points.join("-");
  const bare = points.filter((point) => point !== "fe0f").join("-");
  return emojiChars[full] ?? emojiChars[bare] ?? null;
}

/**
 * An emoji's drawing as SVG markup, its ids made unique: a file of its own, or placed `size` px
 * square at (x, y) inside a picture.
 */
export function emojiSvg(name: string, size?: number, x = 0, y = 0): string {
  const data = getIconData(emojiSet, name);
  if (!data) throw new Error(`Fluent Emoji Flat has no drawing named ${name}`);
  const { attributes, body } = iconToSVG(data);
  const box =
    size === undefined
      ? 'xmlns="http://www.w3.org/2000/svg"'
      : `x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${size}" height="${size}"`;
  return `<svg ${box} viewBox="${attributes.viewBox}">${replaceIDs(body)}</svg>`;
}

/** Every emoji written in src/content/ and its drawing's name; an emoji without one stops the build. */
export function emojiInContent(): { text: string; name: string }[] {
  const found = new Map<string, string>();
  const dir = join(ROOT, "src/content");
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
    for (const [text] of readFileSync(join(dir, file), "utf8").matchAll(EMOJI)) {
      const name = emojiName(text);
      if (!name) throw missing(text, `src/content/${file}`);
      found.set(text, name);
    }
  }
  return [...found].map(([text, name]) => ({ text, name }));
}

/** The sentence that stops the build for a character nothing can draw. */
function missing(char: string, field: string): Error {
  const point = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
  return new Error(
    `The character "${char}" (${point}) in ${field} has no glyph in the site's typefaces or in the Noto faces the build falls back to: change the text or add a face that has it to build/text.ts.`,
  );
}

/**
 * A line of text cut into runs, each drawn by one font or one emoji drawing, in reading order.
 * `field` names where the text comes from, for the error when a character has no glyph.
 */
export function runs(text: string, role: Role, field: string): Run[] {
  const out: Run[] = [];
  let last = 0;
  const textRuns = (part: string) => {
    let current: { text: string; face: Face; rtl: boolean } | null = null;
    for (const char of part) {
      const point = char.codePointAt(0) ?? 0;
      const keep =
        current &&
        (ATTACHED.test(char) || (!LTR_CHAR.test(char) && !RTL_CHAR.test(char))) &&
        openFont(current.face).hasGlyphForCodePoint(point);
      if (current && (keep || faceFor(char, role)?.file === current.face.file)) {
        current.text += char;
        current.rtl ||= RTL_CHAR.test(char);
        continue;
      }
      const face = faceFor(char, role);
      if (!face) throw missing(char, field);
      current = { text: char, face, rtl: RTL_CHAR.test(char) };
      out.push(current);
    }
  };
  for (const match of text.matchAll(EMOJI)) {
    textRuns(text.slice(last, match.index));
    const name = emojiName(match[0]);
    if (!name) throw missing(match[0], field);
    out.push({ text: match[0], emoji: name });
    last = match.index + match[0].length;
  }
  textRuns(text.slice(last));
  return out;
}

/**
 * A line drawn: its glyphs' outlines as one SVG path, its emoji as SVG, its width, the main face's
 * cap height and how far its ink reaches above and below the baseline (`top`, `bottom`, up is +).
 */
export interface Drawn {
  d: string;
  emoji: string;
  width: number;
  capHeight: number;
  top: number;
  bottom: number;
}

/** A run of a line, laid out: where it starts on the line and how wide it is. */
export interface Piece {
  run: Run;
  x: number;
  width: number;
}

const JOINED = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}]/u;
const trackingOf = (run: Run, tracking: number) => ("face" in run && JOINED.test(run.text) ? 0 : tracking);

/**
 * One line of text, `size` units high, cut into runs in visual order (a right-to-left line's runs
 * from the right; fontkit orders an RTL run's own glyphs), each placed from x = 0. `tracking` adds
 * space after every glyph, but in a joined script (Arabic): it would open the joins.
 */
export function layoutLine(text: string, role: Role, size: number, field: string, tracking = 0) {
  let order = runs(text, role, field);
  if (isRtl(text)) {
    // A left-to-right run's trailing spaces go to its left, between it and the next run read.
    order = order.flatMap((run) => {
      const [, word = "", spaces = ""] = /^(.*?)(\s*)$/su.exec(run.text) ?? [];
      return "face" in run && !run.rtl && spaces && word
        ? [
            { ...run, text: word },
            { ...run, text: spaces },
          ]
        : [run];
    });
    order.reverse();
  }
  let x = 0;
  let after = 0;
  const pieces: Piece[] = order.map((run) => {
    const start = x;
    after = trackingOf(run, tracking);
    if ("emoji" in run) x += size + after;
    else {
      const font = openFont(run.face);
      for (const position of font.layout(run.text).positions)
        x += position.xAdvance * (size / font.unitsPerEm) + after;
    }
    return { run, x: start, width: x - start };
  });
  return { pieces, width: Math.max(0, x - after) };
}

/** An emoji sits on the baseline like a capital with a descender: this much of it is above. */
export const EMOJI_ASCENT = 0.86;

/** One line of text drawn as SVG, `size` px high, from x = 0 on the baseline (layoutLine). */
export function drawLine(text: string, role: Role, size: number, field: string, tracking = 0): Drawn {
  const primary = openFont({ file: subsets(FAMILIES[role][0] as Family, role).at(-1)?.path ?? "" });
  const line = layoutLine(text, role, size, field, tracking);
  let d = "";
  let emoji = "";
  let top = 0;
  let bottom = 0;
  for (const { run, x: start } of line.pieces) {
    if ("emoji" in run) {
      emoji += emojiSvg(run.emoji, size, start, -size * EMOJI_ASCENT);
      top = Math.max(top, size * EMOJI_ASCENT);
      bottom = Math.min(bottom, size * (EMOJI_ASCENT - 1));
      continue;
    }
    const font = openFont(run.face);
    const scale = size / font.unitsPerEm;
    const laid = font.layout(run.text);
    let x = start;
    laid.glyphs.forEach((glyph, index) => {
      const position = laid.positions[index];
      const dx = (position?.xOffset ?? 0) * scale;
      const dy = (position?.yOffset ?? 0) * scale;
      if (glyph.path.commands.length > 0) {
        top = Math.max(top, glyph.path.bbox.maxY * scale + dy);
        bottom = Math.min(bottom, glyph.path.bbox.minY * scale + dy);
      }
      d += glyph.path
        .scale(scale, -scale)
        .translate(x + dx, -dy)
        .toSVG();
      x += (position?.xAdvance ?? 0) * scale + trackingOf(run, tracking);
    });
  }
  const capHeight = primary.capHeight * (size / primary.unitsPerEm);
  return { d, emoji, width: line.width, capHeight, top, bottom };
}

/** A drawn line placed at (x, y) in an SVG picture, its glyphs filled with `fill`. */
export function placed(line: Drawn, x: number, y: number, fill: string): string {
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})"><path fill="${fill}" d="${line.d}"/>${line.emoji}</g>`;
}

/**
 * Words (by the language's own word breaks, so a Japanese or Chinese text without spaces wraps
 * too) in lines no wider than `width`, at most `max` lines, the last one cut with "…". A line
 * breaks after a space or between two words, never before punctuation.
 */
export function wrap(
  text: string,
  measure: (line: string) => number,
  width: number,
  max = Infinity,
): string[] {
  const pieces: string[] = [];
  let previous: Intl.SegmentData | null = null;
  for (const segment of new Intl.Segmenter(undefined, { granularity: "word" }).segment(text)) {
    const breaks = previous && (/\s$/.test(previous.segment) || (previous.isWordLike && segment.isWordLike));
    if (breaks || pieces.length === 0) pieces.push(segment.segment);
    else pieces[pieces.length - 1] += segment.segment;
    previous = segment;
  }
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces) {
    const next = line + piece;
    if (!line.trim() || measure(next.trimEnd()) <= width) line = next;
    else {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    }
  }
  lines.push(line.trimEnd());
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]?.replace(/\s*\S*$/, "")}…`;
  return kept;
}
