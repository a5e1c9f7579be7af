/**
 * The résumé PDF, made from the content files at build time (emitted by build/brand.ts). Its text
 * is laid out by build/text.ts, line by line, in the same faces as the link preview (embedded as
 * subsets, so the text is selectable and searchable), emoji as pictures that carry their character.
 */
import { buffer } from "node:stream/consumers";
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
  isRtl,
  layoutLine,
  loadInstances,
  type Piece,
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

/** A right-to-left line's runs (given left to right) in reading order, cut into words and spaces, each placed where it shows. */
function rtlWords(pieces: Piece[], role: Role, size: number, field: string): Piece[] {
  return [...pieces].reverse().flatMap((piece) => {
    if ("emoji" in piece.run || !piece.run.rtl) return [piece];
    const { run } = piece;
    // The first word read is the rightmost.
    let right = piece.x + piece.width;
    return run.text
      .split(/( +)/)
      .filter(Boolean)
      .map((word) => {
        const width = layoutLine(word, role, size, field).width;
        right -= width;
        return { run: { ...run, text: word, rtl: word.trim() !== "" }, x: right, width };
      });
  });
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
      // Right to left, the words go into the page in reading order, each drawn where it shows.
      const inOrder = isRtl(line) ? rtlWords(laid.pieces, role, size, field) : laid.pieces;
      for (const { run, x } of inOrder) {
        if ("emoji" in run) {
          let png = emojiPng.get(run.emoji);
          if (!png) {
            png = await sharp(Buffer.from(emojiSvg(run.emoji, 96)))
              .png()
              .toBuffer();
            emojiPng.set(run.emoji, png);
          }
          // The picture carries its character (ActualText), for a reader that honours it.
          doc.markContent("Span", { actual: run.text });
          doc.image(png, start + x, baseline - size * EMOJI_ASCENT, { width: size, height: size });
          doc.endMarkedContent();
        } else {
          doc
            .font(await pdfFont(run.face))
            .fontSize(size)
            .fillColor(color)
            .text(run.text, start + x, baseline, {
              lineBreak: false,
              baseline: "alphabetic",
              ...(link ? { link } : {}),
            });
        }
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
