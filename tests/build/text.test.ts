import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { shareImageSvg, token } from "../../build/brand";
import { resumePdf } from "../../build/resume";
import {
  drawLine,
  emojiInContent,
  FAMILIES,
  layoutLine,
  openFont,
  type Role,
  runs,
  wrap,
} from "../../build/text";
import { profile } from "../../src/content/profile";

/** The glyph ids a line of text is drawn with, font by font (0 is a font's .notdef, its "no glyph" box). */
function glyphIds(text: string, role: Role = "display"): number[] {
  return layoutLine(text, role, 20, "the test").pieces.flatMap(({ run }) =>
    "emoji" in run
      ? []
      : openFont(run.face)
          .layout(run.text)
          .glyphs.map((glyph) => glyph.id),
  );
}

describe("the build's text drawing", { timeout: 60_000 }, () => {
  it.each([
    ["Latin Extended", "Zofia Wiśniewska-Ødegård"],
    ["Vietnamese", "Nguyễn Thị Minh Khai"],
    ["Greek", "Ελένη Παπαδοπούλου"],
    ["Cyrillic", "Софья Ковалёва"],
    ["Arabic", "ليلى حداد"],
    ["Hebrew", "נועה כהן"],
    ["CJK", "山田 花子、王小明"],
    ["Devanagari", "प्रिया क्षत्रिय"],
  ])("draws %s with a glyph for every character, in every role", (_script, text) => {
    for (const role of ["display", "mono"] as const) {
      const ids = glyphIds(text, role);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).not.toContain(0);
      expect(drawLine(text, role, 40, "the test").width).toBeGreaterThan(0);
    }
  });

  it("draws Latin Extended in the site's own display face", () => {
    for (const run of runs("Wiśniewska-Ødegård", "display", "the test"))
      expect("face" in run && run.face.file).toMatch(/bricolage-grotesque-latin(-ext)?-wght/);
  });

  it("shapes Arabic: letters take their joined forms, right to left", () => {
    const word = "ليلى";
    const joined = glyphIds(word);
    const isolated = [...word].flatMap((letter) => glyphIds(letter));
    expect(joined).toHaveLength(isolated.length);
    // Drawn right to left: the first letter's (initial) form is the last glyph, and no form is the isolated one.
    expect(joined).not.toEqual(isolated);
    expect(joined).not.toEqual([...isolated].reverse());
    expect(joined.filter((id, index) => id === [...isolated].reverse()[index])).toEqual([]);
  });

  it("letter-spaces Latin but not Arabic, whose joins it would open", () => {
    const spread = (text: string) =>
      drawLine(text, "mono", 20, "the test", 2).width - drawLine(text, "mono", 20, "the test").width;
    expect(spread("Zofia")).toBeCloseTo(2 * 4);
    expect(spread("ليلى")).toBe(0);
  });

  it("puts the space after a Latin word in an Arabic line between it and the next word read", () => {
    // Read right to left: بلغة, Rust, و; drawn left to right: و, a space, Rust, a space, بلغة.
    const pieces = layoutLine("بلغة Rust و", "display", 20, "the test").pieces.map(({ run }) => run.text);
    expect(pieces.join("|")).toBe("و| |Rust|بلغة ");
  });

  it("shapes Devanagari: a conjunct is not its letters side by side", () => {
    const conjunct = "क्ष";
    expect(glyphIds(conjunct)).not.toEqual([...conjunct].flatMap((char) => glyphIds(char)));
  });

  it("draws an emoji from the Fluent Emoji Flat set", () => {
    const line = drawLine("Rust 🦀 and rockets 🚀", "display", 40, "the test");
    expect(line.emoji.match(/<svg /g)).toHaveLength(2);
    expect(runs("👋🏽", "display", "the test")).toEqual([{ text: "👋🏽", emoji: "waving-hand-medium" }]);
  });

  it("finds every emoji of src/content/ in the Fluent Emoji Flat set (the page draws them from it)", () => {
    expect(emojiInContent()).toContainEqual({ text: "👋", name: "waving-hand" });
  });

  it("stops the build with a sentence naming a character no face has, its code point and its field", () => {
    expect(() => drawLine("Zofia \uE000", "display", 40, "profile.name")).toThrow(
      /"\uE000" \(U\+E000\) in profile\.name has no glyph/,
    );
  });

  it("tries the site's own faces first, then Noto", () => {
    for (const role of ["display", "text", "mono"] as const)
      expect(FAMILIES[role].slice(1).every((family) => family.dir.startsWith("@fontsource/noto-sans"))).toBe(
        true,
      );
  });
});

/** A path's sub-paths, each as its commands with the points relative to its own first point. */
function subpaths(d: string): { commands: string; points: number[] }[] {
  return (d.match(/M[^M]*/g) ?? []).map((part) => {
    const numbers = (part.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    const [x0 = 0, y0 = 0] = numbers;
    return {
      commands: part.replace(/[^A-Za-z]/g, ""),
      points: numbers.map((value, index) => value - (index % 2 === 0 ? x0 : y0)),
    };
  });
}

/** Whether a picture's paths hold a font's .notdef outline, at any place and any size. */
function drawsNotdef(svg: string, file: string): boolean {
  const notdef = subpaths(openFont({ file }).getGlyph(0).path.scale(1, -1).toSVG());
  const outer = notdef[0];
  if (!outer) return false;
  const unit = Math.max(...outer.points.map(Math.abs));
  for (const [, d = ""] of svg.matchAll(/ d="([^"]*)"/g)) {
    const drawn = subpaths(d);
    drawn.forEach((first, at) => {
      if (first.commands !== outer.commands) return;
      const scale = Math.max(...first.points.map(Math.abs)) / unit;
      const matches = notdef.every((part, index) => {
        const other = drawn[at + index];
        return (
          other?.commands === part.commands &&
          part.points.every(
            (value, k) => Math.abs(value * scale - (other.points[k] ?? Infinity)) < 0.05 * scale + 0.01,
          )
        );
      });
      if (matches) throw new Error(`the picture draws ${file}'s .notdef`);
    });
  }
  return false;
}

const OWNERS = {
  Polish: {
    ...profile,
    lang: "pl",
    name: "Zofia Wiśniewska-Ødegård",
    jobTitle: "Inżynierka oprogramowania",
    bio: ["Buduję szybkie aplikacje 🚀 w Ruście 🦀 i TypeScripcie.", "Źdźbło łąki, żółć gęślą."],
  },
  Arabic: {
    ...profile,
    lang: "ar",
    name: "ليلى حداد",
    jobTitle: "مطورة ويب",
    // Two lines in the résumé, with Arabic punctuation.
    bio: [
      "أبني تطبيقات ويب سريعة وسهلة الوصول، وأحب أن أحول الأفكار إلى منتجات يستخدمها الناس كل يوم، فلا تقل إن الوقت متأخر.",
    ],
  },
  Japanese: {
    ...profile,
    lang: "ja",
    name: "山田 花子",
    jobTitle: "ウェブ開発者",
    bio: ["速くて使いやすいウェブアプリを作っています🦀。"],
  },
};

describe("the link preview (og-image.png)", { timeout: 60_000 }, () => {
  const sitesFaces = [
    "node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2",
    "node_modules/@fontsource-variable/geist-mono/files/geist-mono-latin-wght-normal.woff2",
  ];

  it.each(Object.entries(OWNERS))("draws the %s owner with no .notdef box", async (_who, owner) => {
    const svg = await shareImageSvg("example.com", { ...owner, description: owner.bio.join(" ") });
    for (const face of sitesFaces) expect(drawsNotdef(svg, face)).toBe(false);
  });

  it("would see a .notdef box (the check itself works)", () => {
    const face = sitesFaces[0] ?? "";
    const box = openFont({ file: face }).getGlyph(0).path.scale(0.088, -0.088).translate(300, 120).toSVG();
    expect(() => drawsNotdef(`<path d="M0 0L1 1Z${box}"/>`, face)).toThrow(/notdef/);
  });
});

// The résumé embeds instanced faces (harfbuzz): seconds each on a loaded machine.
describe("the résumé PDF", { timeout: 120_000 }, () => {
  // Read by PDF.js, as a browser's viewer reads it. Its one limit: in a right-to-left line, it
  // loses the space where the font changes (before a Latin word or an emoji).
  it.each([
    ["the placeholder", profile],
    ["a Polish", OWNERS.Polish],
    ["an Arabic", OWNERS.Arabic],
    ["a Japanese", OWNERS.Japanese],
  ])(
    "gives back %s owner's name and bio exactly, emoji included (its fonts are embedded: a reader can copy and search it)",
    async (_who, owner) => {
      const pdf = await resumePdf(token, owner);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
      const flowing = (words: string) => words.replace(/\s+/g, " ");
      expect(flowing(text)).toContain(owner.name);
      for (const paragraph of owner.bio) expect(flowing(text)).toContain(paragraph);
    },
  );
});

describe("the build's line breaking", () => {
  const chars = (line: string) => [...line].length;

  it("breaks after spaces, never before punctuation", () => {
    expect(wrap("a source has none.", chars, 15)).toEqual(["a source has", "none."]);
  });

  it("breaks Japanese between words, though it has no spaces, and not before its full stop", () => {
    const lines = wrap("速くて使いやすいウェブアプリを作っています。", chars, 8);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe("速くて使いやすいウェブアプリを作っています。");
    for (const line of lines) expect(line.startsWith("。")).toBe(false);
  });
});
