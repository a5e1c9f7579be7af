/**
 * The owner's pictures, made from src/content/ at build time (docs/design.md). Text is drawn as the
 * site's own typefaces' outlines (fontkit), so the pictures need no installed font, and colours are
 * read from the design tokens (src/app/tokens.css).
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import sharp from "sharp";
import type { Plugin } from "vite";
import { SHARE_IMAGE } from "../src/app/page-head.ts";
import { routes } from "../src/config/routes.ts";
import { appText } from "../src/content/app.ts";
import { profile } from "../src/content/profile.ts";
import type { Profile } from "../src/content/types.ts";
import { initials } from "../src/lib/initials.ts";
import { directionOf } from "../src/shared/language.ts";
import { portraitSvg } from "./images.ts";
import { resumePdf } from "./resume.ts";
import { drawLine, placed, wrap } from "./text.ts";

const ROOT = resolve(import.meta.dirname, "..");
const CONTENT = join(ROOT, "src/content");
export const SCREENSHOTS = join(ROOT, "src/assets/screenshots");

/** A light-theme colour token of src/app/tokens.css (`--color-bg`, `--color-accent`, …). */
export function token(name: string): string {
  const css = readFileSync(join(ROOT, "src/app/tokens.css"), "utf8");
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i").exec(css)?.[1];
  if (!value) throw new Error(`src/app/tokens.css has no --${name} colour`);
  return value;
}

/**
 * A hash of everything in src/content/ (texts and images), which owner a picture shows; the files'
 * import lines and whole-line comments are left out (they are not what the pages show).
 */
export function contentHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        const shown = name.endsWith(".ts")
          ? bytes.toString("utf8").replace(/^\s*(import |\/\/|\/\*|\*).*\n/gm, "")
          : bytes;
        hash.update(path.slice(CONTENT.length)).update(shown);
      }
    }
  };
  walk(CONTENT);
  return hash.digest("hex");
}

/** The app icon: the name's initials on the accent, a rounded square (512 × 512). */
export function monogramSvg(name: string): string {
  // Inside the middle 60 %: a maskable icon may be cut to a circle of 80 %.
  const letters = drawLine(initials(name), "display", 190, "profile.name", -4);
  const x = (512 - letters.width) / 2;
  // Centred by its ink: a capital's cap height, an Arabic or CJK letter's own height.
  const y = 256 + (letters.top + letters.bottom) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><title>${initials(name)}</title><rect width="512" height="512" rx="112" fill="${token("color-accent")}"/>${placed(letters, x, y, token("color-surface"))}</svg>\n`;
}

/** The link-preview image (1200 × 630): the owner's name, role, description and portrait. */
export async function shareImageSvg(
  siteHost: string | null,
  owner: Pick<Profile, "name" | "lang" | "jobTitle" | "description" | "photo"> = profile,
): Promise<string> {
  const ink = token("color-text");
  const accent = token("color-accent");
  const muted = token("color-muted");
  const name = drawLine(owner.name, "display", 88, "profile.name");
  const nameSize = name.width > 620 ? (88 * 620) / name.width : 88;
  const title = drawLine(owner.name, "display", nameSize, "profile.name");
  const roleText = owner.jobTitle.toLocaleUpperCase(owner.lang);
  const roleWidth = drawLine(roleText, "mono", 20, "profile.jobTitle", 1.5).width;
  const role = drawLine(
    roleText,
    "mono",
    roleWidth > 560 ? (20 * 560) / roleWidth : 20,
    "profile.jobTitle",
    1.5,
  );
  const measure = (line: string) => drawLine(line, "mono", 23, "profile.description").width;
  const description = wrap(owner.description, measure, 600, 4).map((line) =>
    drawLine(line, "mono", 23, "profile.description"),
  );
  const portrait = owner.photo
    ? `<image href="data:image/png;base64,${(
        await sharp(join(CONTENT, "images", owner.photo.file))
          .resize(400, 400)
          .png()
          .toBuffer()
      ).toString("base64")}" width="400" height="400"/>`
    : portraitSvg(owner.name).replace("<svg ", '<svg width="400" height="400" ');
  const host = siteHost ? drawLine(siteHost, "mono", 22, "the site's address") : null;
  const mark = drawLine(initials(owner.name), "display", 30, "profile.name", -1);
  // A right-to-left owner's lines end at the column's right edge (x = 700), the rule beside the role too.
  const rtl = directionOf(owner.lang) === "rtl";
  const start = (line: { width: number }) => (rtl ? 700 - line.width : 80);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630">
<defs><pattern id="dots" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2.4" fill="${accent}" fill-opacity="0.35"/></pattern>
<clipPath id="disc"><circle cx="200" cy="200" r="200"/></clipPath></defs>
<rect width="1200" height="630" fill="${token("color-bg")}"/>
<rect x="760" y="150" width="400" height="440" rx="28" fill="url(#dots)"/>
<rect x="80" y="80" width="64" height="64" rx="14" fill="${accent}"/>
${placed(mark, 112 - mark.width / 2, 112 + mark.capHeight / 2, token("color-surface"))}
<rect x="${rtl ? 660 : 80}" y="205" width="40" height="3" fill="${accent}"/>
${placed(role, rtl ? 644 - role.width : 136, 214, accent)}
${placed(title, start(title), 300 + nameSize * 0.2, ink)}
${description.map((line, index) => placed(line, start(line), 372 + index * 36, muted)).join("\n")}
${host ? placed(host, start(host), 560, accent) : ""}
<g transform="translate(720 115)"><circle cx="200" cy="200" r="200" fill="${token("color-portrait")}"/><g clip-path="url(#disc)">${portrait}</g></g>
</svg>\n`;
}

/** The glyph on a shortcut's icon, by the shortcut's route: a grid of projects, a letter. */
const SHORTCUT_GLYPHS: Record<string, string> = {
  [routes.projects.path]:
    '<g fill="none" stroke-width="7"><rect x="26" y="26" width="18" height="18" rx="3"/><rect x="52" y="26" width="18" height="18" rx="3"/><rect x="26" y="52" width="18" height="18" rx="3"/><rect x="52" y="52" width="18" height="18" rx="3"/></g>',
  [routes.contact.path]:
    '<g fill="none" stroke-width="7" stroke-linejoin="round"><rect x="20" y="28" width="56" height="40" rx="6"/><path d="m22 31 26 20 26-20"/></g>',
};

/** A manifest shortcut's icon (96 × 96 PNG): its glyph on the accent, in the app icon's shape. */
export function shortcutIconFile(url: string): string {
  return `shortcut${url.replace(/\W+/g, "-")}-96.png`;
}

async function shortcutIcon(url: string): Promise<Buffer> {
  const glyph = SHORTCUT_GLYPHS[url] ?? "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="21" fill="${token("color-accent")}"/><g stroke="${token("color-surface")}">${glyph}</g></svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}

/** The install dialog's screenshots: `npm run assets` takes them (bench/screenshots.ts), the manifest lists them. */
export const INSTALL_SCREENSHOTS = [
  { form: "wide", file: "home-wide.png", path: routes.home.path, width: 1280, height: 800 },
  { form: "narrow", file: "projects-narrow.png", path: routes.projects.path, width: 390, height: 844 },
] as const;

/** Whether the screenshots in src/assets/screenshots/ were taken of the current content. */
export function screenshotsCurrent(): boolean {
  const source = join(SCREENSHOTS, "source.json");
  if (!existsSync(source)) return false;
  return (JSON.parse(readFileSync(source, "utf8")) as { content: string }).content === contentHash();
}

/** The manifest's `screenshots`: none when they show other content than src/content/. */
export function manifestScreenshots() {
  if (!screenshotsCurrent()) return [];
  return INSTALL_SCREENSHOTS.map(({ form, file, width, height }) => ({
    src: `/screenshots/${file}`,
    sizes: `${width}x${height}`,
    type: "image/png",
    form_factor: form,
    label: appText.screenshotLabels[form],
  }));
}

/** The app icon's SVG: the owner's own (`profile.icon`), else the monogram, written where the icon generator reads it. */
export function appIconFile(): string {
  if (profile.icon) return join(CONTENT, "images", profile.icon);
  const dir = join(ROOT, "node_modules/.cache/brand");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "app-icon.svg");
  const svg = monogramSvg(profile.name);
  // Loaded by every build and test run (vite.config.ts), often two at once: a reader must never
  // find the file emptied for rewriting (a clean clone's build once failed on "Input Buffer is empty").
  if (!existsSync(file) || readFileSync(file, "utf8") !== svg) {
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, svg);
    renameSync(temporary, file);
  }
  return file;
}

/** The site's own file `profile.resumeUrl` names ("/resume.pdf" → "resume.pdf"); null for an address elsewhere. */
export function localResume(): string | null {
  return profile.resumeUrl.startsWith("/") ? (profile.resumeUrl.slice(1).split(/[?#]/)[0] ?? "") : null;
}

/**
 * Emits `favicon.svg`, the link-preview image, the shortcuts' icons, the résumé (unless the owner
 * has their own) and, when current, the install screenshots.
 */
export function brandAssets(siteUrl: string | null): Plugin {
  return {
    name: "portfolio:brand",
    apply: "build",
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const emit = (fileName: string, source: string | Uint8Array) =>
        this.emitFile({ type: "asset", fileName, source });
      emit("favicon.svg", readFileSync(appIconFile()));
      const svg = await shareImageSvg(siteUrl ? new URL(siteUrl).host : null);
      const png = await sharp(Buffer.from(svg))
        .png({ palette: true, quality: 90, compressionLevel: 9 })
        .toBuffer();
      emit(SHARE_IMAGE.path.slice(1), png);
      // The build makes the résumé unless the owner put their own PDF there in `public/`.
      const resume = localResume();
      if (resume && !existsSync(join(ROOT, "public", resume))) emit(resume, await resumePdf(token));
      for (const { route } of appText.shortcuts) {
        const { path } = routes[route];
        emit(shortcutIconFile(path), await shortcutIcon(path));
      }
      if (!screenshotsCurrent()) {
        this.warn(
          "the install screenshots (src/assets/screenshots/) show other content than src/content/: they are left out. Run `npm run assets` to take them again.",
        );
        return;
      }
      for (const { file } of INSTALL_SCREENSHOTS)
        emit(`screenshots/${file}`, readFileSync(join(SCREENSHOTS, file)));
    },
  };
}
