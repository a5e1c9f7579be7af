/**
 * The résumé PDF, made from the content files at build time (emitted by build/brand.ts). Its text
 * is laid out by build/text.ts, line by line, in the same faces as the link preview (embedded as
 * subsets, so the text is selectable and searchable), emoji as pictures under invisible text of
 * their characters.
 */
import { buffer } from "node:stream/consumers";
import type * as fontkit from "fontkit";
import * as hb from "harfbuzzjs";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { runnerImport } from "vite";
import { ui } from "../src/content/interface.ts";
import { profile } from "../src/content/profile.ts";
import { projects } from "../src/content/projects.ts";
import type { Profile } from "../src/content/types.ts";
import { canonicalLang, directionOf } from "../src/shared/language.ts";
import {
  EMOJI_ASCENT,
  emojiSvg,
  type Face,
  faceFor,
  isRtl,
  layoutLine,
  loadInstances,
  type Role,
  truetype,
  wrap,
} from "./text.ts";

const ROOT = new URL("..", import.meta.url).pathname;

interface Style {
  role: Role;
  size: number;
  color: string;
  /** Line height, in times the size. */
  leading?: number;
  link?: string;
  /** Where the lines start, from the left margin, and how wide they may be (the page's width less margins). */
  indent?: number;
}

/** pdfkit's embedded font, the parts it has no API for: which glyph a character id draws and what text it stands for. */
interface PdfFont {
  id: string;
  font: fontkit.Font;
  subset: { glyphs: number[]; includeGlyph(glyph: number): number };
  unicode: number[][];
  widths: number[];
  scale: number;
  ref(): unknown;
}

const cids = new WeakMap<PdfFont, Map<string, number>>();
/**
 * The character id that draws `glyph` standing for the characters `text`: one id per glyph and
 * text, so the PDF's ToUnicode gives each its own characters (in Noto Arabic one shape draws
 * several letters, their dots apart; pdfkit would map the shape to the first letter it drew).
 */
function cidFor(font: PdfFont, glyph: fontkit.Glyph, text: number[]): number {
  const known = cids.get(font) ?? new Map<string, number>();
  cids.set(font, known);
  const key = `${glyph.id} ${text.join(" ")}`;
  let cid = known.get(key);
  if (cid === undefined) {
    cid = font.subset.includeGlyph(glyph.id);
    const mapped = font.unicode[cid];
    if (mapped && mapped.join(" ") !== text.join(" ")) {
      // The glyph again, under an id of its own (the subset holds it twice).
      font.subset.glyphs.push(glyph.id);
      cid = font.subset.glyphs.length - 1;
    }
    font.unicode[cid] = text;
    font.widths[cid] = glyph.advanceWidth * font.scale;
    known.set(key, cid);
  }
  return cid;
}

const shapers = new Map<string, Promise<hb.Font>>();
/** A run of text shaped by HarfBuzz in a face (as the résumé embeds it): glyph ids, clusters (UTF-16 offsets), positions in font units. */
async function shape(face: Face, text: string) {
  const key = `${face.file} ${JSON.stringify(face.axes ?? {})}`;
  let font = shapers.get(key);
  if (!font) {
    font = truetype(face).then((ttf) => new hb.Font(new hb.Face(new hb.Blob(ttf))));
    shapers.set(key, font);
  }
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(await font, buffer);
  return buffer.getGlyphInfosAndPositions();
}

/** The PDF, in the design's colours: `token` reads one of src/app/tokens.css (build/brand.ts). */
export async function resumePdf(token: (name: string) => string, owner: Profile = profile): Promise<Buffer> {
  // skills.ts imports its icons the Vite way (`?symbol`): let Vite load it.
  const { module: skillsModule } = await runnerImport<typeof import("../src/content/skills.ts")>(
    `${ROOT}src/content/skills.ts`,
    { configFile: false, root: ROOT, logLevel: "error" },
  );
  await loadInstances();
  const INK = token("color-text");
  const MUTED = token("color-muted");
  const ACCENT = token("color-accent");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    // A fixed date: the same content makes the same file (and the same precache revision).
    info: {
      Title: `${owner.name}: ${ui.nav.resume}`,
      Author: owner.name,
      Subject: owner.jobTitle,
      CreationDate: new Date("2026-01-01T00:00:00Z"),
    },
    lang: canonicalLang(owner.lang),
    displayTitle: true,
  });
  const pdf = buffer(doc);
  const left = doc.page.margins.left;
  const full = doc.page.width - left - doc.page.margins.right;
  const rtl = directionOf(owner.lang) === "rtl";
  const emojiPng = new Map<string, Buffer>();

  const fonts = new Map<string, string>();
  /** A face as a font of the PDF, which pdfkit embeds as a subset of the glyphs drawn. */
  async function pdfFont(face: Face): Promise<string> {
    const key = `${face.file} ${JSON.stringify(face.axes ?? {})}`;
    let name = fonts.get(key);
    if (!name) {
      const ttf = await truetype(face);
      name = `face-${fonts.size}`;
      doc.registerFont(name, ttf);
      fonts.set(key, name);
    }
    return name;
  }

  /**
   * A run of text in one face at (x, baseline), shaped by HarfBuzz: each cluster of characters as
   * text, drawn by its main glyph (a right-to-left run's left to right, as a PDF holds them, real
   * spaces between words); a cluster's other glyphs (Noto Arabic's dots) as outlines, so a reader
   * gets each character back once. `invisible` draws `text` as one invisible glyph (text render
   * mode 3), over a picture of it.
   */
  async function glyphs(
    text: string,
    face: Face,
    size: number,
    x: number,
    baseline: number,
    { invisible = false } = {},
  ) {
    doc.font(await pdfFont(face));
    const font = (doc as unknown as { _font: PdfFont })._font;
    const scale = size / font.font.unitsPerEm;
    const codes = (value: string) => [...value].map((char) => char.codePointAt(0) ?? 0);
    const shaped = invisible
      ? [{ codepoint: font.font.glyphForCodePoint(32).id, cluster: 0, xAdvance: 0, xOffset: 0, yOffset: 0 }]
      : await shape(face, text);
    const starts = [...new Set(shaped.map(({ cluster }) => cluster)), text.length].sort((p, q) => p - q);
    /** Each cluster's glyph that carries its text: its widest. */
    const carrier = new Map<number, (typeof shaped)[number]>();
    for (const glyph of shaped) {
      const best = carrier.get(glyph.cluster);
      if (!best || (glyph.xAdvance ?? 0) > (best.xAdvance ?? 0)) carrier.set(glyph.cluster, glyph);
    }
    const cells: { cid: number; x: number; dy: number }[] = [];
    let pen = x;
    let ink = "";
    for (const glyph of shaped) {
      const { codepoint: id, cluster, xAdvance = 0, xOffset = 0, yOffset = 0 } = glyph;
      const gx = pen + xOffset * scale;
      const dy = yOffset * scale;
      const outline = font.font.getGlyph(id);
      if (carrier.get(cluster) === glyph) {
        const end = starts[starts.indexOf(cluster) + 1] ?? text.length;
        cells.push({ cid: cidFor(font, outline, codes(text.slice(cluster, end))), x: gx, dy });
      } else
        ink += outline.path
          .scale(scale, -scale)
          .translate(gx, baseline - dy)
          .toSVG();
      pen += xAdvance * scale;
    }
    if (ink) doc.path(ink).fill();
    const page = doc.page as unknown as { fonts: Record<string, unknown>; height: number };
    page.fonts[font.id] ??= font.ref();
    const y = page.height - baseline;
    const n = (value: number) => Number(value.toFixed(3));
    const hex = (cid: number) => `<${cid.toString(16).padStart(4, "0")}>`;
    // PDF text space is y-up; pdfkit's page is y-down.
    const ops = ["q", `1 0 0 -1 0 ${n(page.height)} cm`, "BT", `/${font.id} ${n(size)} Tf`];
    // Invisible, its one glyph stretched over the picture (an emoji is a square).
    const [first] = cells;
    if (invisible && first) ops.push("3 Tr", `${n((100 * 1000) / (font.widths[first.cid] || 1000))} Tz`);
    let shown: string[] = [];
    let textX = Number.NaN;
    let textDy = Number.NaN;
    const flush = () => {
      if (shown.length > 0) ops.push(`[${shown.join(" ")}] TJ`);
      shown = [];
    };
    for (const cell of cells) {
      if (cell.dy !== textDy) {
        flush();
        ops.push(`1 0 0 1 ${n(cell.x)} ${n(y + cell.dy)} Tm`);
        textX = cell.x;
        textDy = cell.dy;
      } else if (Math.abs(cell.x - textX) > 0.001) shown.push(String(n(((textX - cell.x) * 1000) / size)));
      shown.push(hex(cell.cid));
      textX = cell.x + ((font.widths[cell.cid] ?? 0) * size) / 1000;
    }
    flush();
    ops.push("ET", "Q");
    for (const op of ops) doc.addContent(op);
  }

  /** A paragraph in lines, from doc.y on; `field` names where its text is, for the build's errors. */
  async function paragraph(text: string, field: string, style: Style): Promise<void> {
    const { role, size, color, leading = 1.45, link, indent = 0 } = style;
    const width = full - indent;
    const lines = wrap(text, (line) => layoutLine(line, role, size, field).width, width);
    for (const line of lines) {
      if (doc.y + size * leading > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const laid = layoutLine(line, role, size, field);
      const start = rtl ? left + full - indent - laid.width : left + indent;
      const baseline = doc.y + size;
      // Right to left, the runs go into the page in reading order, each where it shows.
      for (const { run, x, width } of isRtl(line) ? [...laid.pieces].reverse() : laid.pieces) {
        if ("emoji" in run) {
          let png = emojiPng.get(run.emoji);
          if (!png) {
            png = await sharp(Buffer.from(emojiSvg(run.emoji, 96)))
              .png()
              .toBuffer();
            emojiPng.set(run.emoji, png);
          }
          doc.image(png, start + x, baseline - size * EMOJI_ASCENT, { width: size, height: size });
          // Its characters as invisible text over it (as in a scanned page's text layer), for a reader to copy.
          const space = faceFor(" ", role);
          if (space) await glyphs(run.text, space, size, start + x, baseline, { invisible: true });
        } else {
          doc.fillColor(color);
          await glyphs(run.text, run.face, size, start + x, baseline);
        }
        if (link) doc.link(start + x, baseline - size, width, size * 1.2, link);
      }
      doc.x = left;
      doc.y = baseline - size + size * leading;
    }
  }

  function heading(text: string): Promise<void> {
    doc.y += 18;
    return paragraph(text.toLocaleUpperCase(owner.lang), "ui.resume (src/content/interface.ts)", {
      role: "display",
      size: 13,
      color: ACCENT,
    }).then(() => {
      const y = doc.y - 3;
      doc
        .moveTo(left, y)
        .lineTo(left + full, y)
        .lineWidth(0.6)
        .strokeColor(token("color-border"))
        .stroke();
      doc.y += 6;
    });
  }

  await paragraph(owner.name, "profile.name", { role: "display", size: 24, color: INK, leading: 1.3 });
  await paragraph(owner.jobTitle, "profile.jobTitle", { role: "text", size: 13, color: MUTED });
  doc.y += 4;
  const links = [
    { label: owner.email, url: `mailto:${owner.email}`, field: "profile.email" },
    {
      label: `${owner.networkLabel}: ${owner.networkUrl.replace(/^https:\/\//, "")}`,
      url: owner.networkUrl,
      field: "profile.networkLabel",
    },
    {
      label: `${owner.codeLabel}: ${owner.codeUrl.replace(/^https:\/\//, "")}`,
      url: owner.codeUrl,
      field: "profile.codeLabel",
    },
  ];
  for (const { label, url, field } of links)
    await paragraph(label, field, { role: "mono", size: 9.5, color: ACCENT, link: url, leading: 1.5 });

  await heading(ui.resume.profile);
  for (const [index, text] of owner.bio.entries()) {
    await paragraph(text, `profile.bio[${index}]`, { role: "text", size: 10.5, color: INK });
    doc.y += 5;
  }

  await heading(ui.resume.skills);
  await paragraph(skillsModule.skills.map((skill) => skill.name).join("  ·  "), "skills", {
    role: "text",
    size: 10.5,
    color: INK,
  });

  await heading(ui.resume.projects);
  for (const [index, project] of projects.entries()) {
    // A project starts on a new page rather than losing its title at the bottom of one.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
    const field = `projects[${index}]`;
    await paragraph(project.title, `${field}.title`, { role: "display", size: 11.5, color: INK });
    await paragraph(project.tech.join(", "), `${field}.tech`, { role: "mono", size: 9, color: MUTED });
    await paragraph(project.link, `${field}.link`, {
      role: "mono",
      size: 9,
      color: ACCENT,
      link: project.link,
    });
    doc.y += 3;
    for (const [line, text] of project.desc.entries()) {
      const top = doc.y;
      await paragraph(text, `${field}.desc[${line}]`, { role: "text", size: 10.5, color: INK, indent: 12 });
      doc.circle(rtl ? left + full - 4 : left + 4, top + 10.5 * 0.65, 1.6).fill(INK);
    }
    doc.y += 10;
  }

  doc.end();
  return pdf;
}
