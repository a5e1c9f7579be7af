/**
 * Single-colour SVG icons imported with `?symbol` (`import react from
 * "simple-icons/icons/react.svg?symbol"`) become `<symbol>`s of one sprite file, and the import is
 * the symbol's address in it (`/assets/icons-<hash>.svg#react`), which a page draws with
 * `<svg><use href={address} /></svg>` (why: docs/decisions.md). The sprite's name is the hash of its
 * content, so the client build and the prerender's SSR build, which import the same icons, name the
 * same file.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

const QUERY = "?symbol";
const PREFIX = "\0icon-symbol:";
/** Stands for the sprite's address until the chunks are rendered, when every icon is known. */
const PLACEHOLDER = "__PORTFOLIO_ICON_SPRITE__";
/** Where `vite dev` (and the unit tests) serve the sprite. */
const DEV_URL = "/@icon-sprite.svg";

/** One icon file as a `<symbol>`: its viewBox and shapes; its title is dropped (the page names it). */
function toSymbol(id: string, svg: string): string {
  const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(svg)?.[1];
  const body = /<svg\b[^>]*>([\s\S]*)<\/svg>\s*$/.exec(svg)?.[1];
  if (!viewBox || body === undefined) throw new Error(`icon ${id}: not an SVG file with a viewBox`);
  return `<symbol id="${id}" viewBox="${viewBox}">${body.replace(/<title>[\s\S]*?<\/title>/g, "")}</symbol>`;
}

export function iconSprite(): Plugin {
  /** Symbol id → its markup and the file it came from. */
  const symbols = new Map<string, { file: string; markup: string }>();
  let config: ResolvedConfig;

  /** Every symbol, in a stable order (so the same icons always make the same file). */
  const source = () => {
    const sorted = [...symbols.keys()].sort().map((id) => symbols.get(id)?.markup);
    return `<svg xmlns="http://www.w3.org/2000/svg">${sorted.join("")}</svg>\n`;
  };
  const fileName = () => {
    const hash = createHash("sha256").update(source()).digest("base64url").slice(0, 8);
    return `${config.build.assetsDir}/icons-${hash}.svg`;
  };

  return {
    name: "portfolio:icon-sprite",
    // Before Vite's asset plugin, which would otherwise inline the file into the chunk.
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(id, importer) {
      if (!id.endsWith(QUERY)) return null;
      const resolved = await this.resolve(id.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? PREFIX + resolved.id : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      const symbolId = basename(file, ".svg");
      const known = symbols.get(symbolId);
      if (known && known.file !== file) {
        throw new Error(`icon sprite: ${file} and ${known.file} would both be #${symbolId}`);
      }
      this.addWatchFile(file);
      symbols.set(symbolId, { file, markup: toSymbol(symbolId, readFileSync(file, "utf8")) });
      const sprite = config.command === "build" ? PLACEHOLDER : DEV_URL;
      return `export default ${JSON.stringify(`${sprite}#${symbolId}`)};`;
    },
    renderChunk(code) {
      if (!code.includes(PLACEHOLDER)) return null;
      return { code: code.replaceAll(PLACEHOLDER, `${config.base}${fileName()}`), map: null };
    },
    generateBundle() {
      // The SSR build (the prerender) only needs the addresses; the client build writes the file.
      if (symbols.size > 0 && !config.build.ssr) {
        this.emitFile({ type: "asset", fileName: fileName(), source: source() });
      }
    },
    configureServer(server) {
      server.middlewares.use(DEV_URL, (_request, response) => {
        response.setHeader("Content-Type", "image/svg+xml");
        response.end(source());
      });
    },
  };
}
