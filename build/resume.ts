/** The résumé PDF, made from the content files at build time (emitted by build/brand.ts). */
import { buffer } from "node:stream/consumers";
import PDFDocument from "pdfkit";
import { runnerImport } from "vite";
import { profile } from "../src/content/profile.ts";
import { projects } from "../src/content/projects.ts";

const ROOT = new URL("..", import.meta.url).pathname;

/** The PDF, in the design's colours: `token` reads one of src/app/tokens.css (build/brand.ts). */
export async function resumePdf(token: (name: string) => string): Promise<Buffer> {
  // skills.ts imports its icons the Vite way (`?symbol`): let Vite load it.
  const { module: skillsModule } = await runnerImport<typeof import("../src/content/skills.ts")>(
    `${ROOT}src/content/skills.ts`,
    { configFile: false, root: ROOT, logLevel: "error" },
  );
  const INK = token("color-text");
  const MUTED = token("color-muted");
  const ACCENT = token("color-accent");
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    // A fixed date: the same content makes the same file (and the same precache revision).
    info: {
      Title: `${profile.name}: résumé`,
      Author: profile.name,
      Subject: profile.jobTitle,
      CreationDate: new Date("2026-01-01T00:00:00Z"),
    },
    lang: "en",
    displayTitle: true,
  });
  const pdf = buffer(doc);

  function heading(text: string): void {
    doc.moveDown(1.1).font("Helvetica-Bold").fontSize(13).fillColor(ACCENT).text(text.toUpperCase());
    const y = doc.y + 2;
    doc
      .moveTo(doc.page.margins.left, y)
      .lineTo(doc.page.width - doc.page.margins.right, y)
      .lineWidth(0.6)
      .strokeColor(token("color-border"))
      .stroke();
    doc.moveDown(0.5).font("Helvetica").fontSize(10.5).fillColor(INK);
  }

  function link(label: string, url: string, last = false): void {
    doc.fillColor(ACCENT).text(label, { link: url, underline: false, continued: !last });
    if (!last) doc.fillColor(MUTED).text("   ·   ", { link: null, continued: true });
  }

  doc.font("Helvetica-Bold").fontSize(24).fillColor(INK).text(profile.name);
  doc.font("Helvetica").fontSize(13).fillColor(MUTED).text(profile.jobTitle).moveDown(0.4);
  doc.fontSize(10);
  link(profile.email, `mailto:${profile.email}`);
  link(`${profile.networkLabel}: ${profile.networkUrl.replace(/^https:\/\//, "")}`, profile.networkUrl);
  link(`${profile.codeLabel}: ${profile.codeUrl.replace(/^https:\/\//, "")}`, profile.codeUrl, true);

  heading("Profile");
  for (const paragraph of profile.bio) doc.text(paragraph, { lineGap: 2 }).moveDown(0.4);

  heading("Skills");
  doc.text(skillsModule.skills.map((skill) => skill.name).join("  ·  "), { lineGap: 2 });

  heading("Projects");
  for (const project of projects) {
    // A project starts on a new page rather than losing its title at the bottom of one.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(11.5).fillColor(INK).text(project.title);
    doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(project.tech.join(", "));
    doc.fillColor(ACCENT).text(project.link, { link: project.link }).moveDown(0.25);
    doc
      .fontSize(10.5)
      .fillColor(INK)
      .list([...project.desc], { bulletRadius: 1.6, textIndent: 10, lineGap: 1.5 });
    doc.moveDown(0.7);
  }

  doc.end();
  return pdf;
}
