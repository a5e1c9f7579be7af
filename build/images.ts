/** The image plugins, shared by the client build, the prerender's SSR build and the unit tests. */

import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { createAvatar } from "@dicebear/core";
import * as notionists from "@dicebear/notionists";
import type { Plugin } from "vite";
import { imagetools } from "vite-imagetools";
import { profile } from "../src/content/profile.ts";
import { projects } from "../src/content/projects.ts";
import { fontSubsets } from "./font-subsets.ts";
import { iconSprite } from "./icon-sprite.ts";
import { emojiInContent, emojiSvg } from "./text.ts";

const PORTRAIT = "virtual:portrait";
/** An image under src/content/images/, imported: AVIF and WebP at three widths (content-picture.tsx). */
const CONTENT_IMAGE = /[\\/]src[\\/]content[\\/]images[\\/][^?]+\.(avif|jpe?g|png|svg|webp)$/;

/**
 * A drawing generated from the owner's name (DiceBear's "Notionists" style, CC0): the same name
 * always gives the same person, waving like the greeting. Style attributes are dropped (the CSP
 * allows none; they only set a blend mode), and so is the licence metadata: CC0 asks for none, HTML
 * allows none in an inline SVG (the credit is in docs/design.md).
 */
export function portraitSvg(seed: string): string {
  return createAvatar(notionists, {
    seed,
    gesture: ["waveLongArm"],
    gestureProbability: 100,
    glassesProbability: 100,
    beardProbability: 0,
    scale: 90,
    translateY: 6,
  })
    .toString()
    .replace(/\s+style="[^"]*"/g, "")
    .replace(/<metadata[\s>][\s\S]*?<\/metadata>/, "");
}

/**
 * `virtual:portrait` exports `markup` (the SVG, in the prerender's build only: the page is served
 * with it inline, so it paints with the heading and costs no request) and `url` (the same SVG as a
 * file, in the client build: what a page drawn in the browser shows). Both are null when the owner
 * has a photo (`profile.photo`).
 */
function portrait(): Plugin {
  return {
    name: "portfolio:portrait",
    resolveId: (id) => (id === PORTRAIT ? `\0${PORTRAIT}` : undefined),
    load(id, options) {
      if (id !== `\0${PORTRAIT}`) return;
      if (profile.photo) return "export const markup = null; export const url = null;";
      const svg = portraitSvg(profile.name);
      if (options?.ssr) return `export const markup = ${JSON.stringify(svg)}; export const url = null;`;
      const url =
        this.environment.config.command === "build"
          ? `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: "asset", name: "portrait.svg", source: svg })}`
          : JSON.stringify(`data:image/svg+xml,${encodeURIComponent(svg)}`);
      return `export const markup = null; export const url = ${url};`;
    },
  };
}

const IMAGES = resolve(import.meta.dirname, "../src/content/images");
const PICTURES = "virtual:content-pictures";

/** The files of src/content/images/ that the content names: the covers and the photo (paths from there). */
export function picturesInContent(): string[] {
  const covers = projects.flatMap((project) => (project.image ? [`projects/${project.image}`] : []));
  return [...new Set([...covers, ...(profile.photo ? [profile.photo.file] : [])])];
}

/**
 * `virtual:content-pictures` exports `pictures`: the pictures the content names and only those,
 * each imported as a picture (AVIF and WebP at three widths), so that only they are built and
 * precached. A file in src/content/images/ that nothing names gets a warning.
 */
function contentPictures(): Plugin {
  return {
    name: "portfolio:content-pictures",
    resolveId: (id) => (id === PICTURES ? `\0${PICTURES}` : undefined),
    buildStart() {
      if (this.environment.name !== "client" || this.environment.config.command !== "build") return;
      const named = new Set([...picturesInContent(), ...(profile.icon ? [profile.icon] : [])]);
      const files = readdirSync(IMAGES, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(IMAGES, join(entry.parentPath, entry.name)).split("\\").join("/"));
      for (const file of files.filter((file) => !named.has(file)))
        this.warn(
          `src/content/images/${file} is named nowhere in src/content/: it is left out of the site (delete it, or name it)`,
        );
    },
    load(id) {
      if (id !== `\0${PICTURES}`) return;
      const files = picturesInContent();
      const imports = files.map(
        (file, index) => `import p${index} from ${JSON.stringify(join(IMAGES, file))};`,
      );
      const entries = files.map((file, index) => `${JSON.stringify(file)}: p${index}`);
      return `${imports.join("\n")}\nexport const pictures = { ${entries.join(", ")} };`;
    },
  };
}

const EMOJI_MODULE = "virtual:emoji";

/**
 * `virtual:emoji` exports `drawings`: for each emoji in src/content/, its Fluent Emoji Flat drawing
 * (emoji-text.tsx), as markup in the prerender's build (inline in the page) and as a file's address
 * in the client build. An emoji the set has no drawing for stops the build (build/text.ts).
 */
function emoji(): Plugin {
  return {
    name: "portfolio:emoji",
    resolveId: (id) => (id === EMOJI_MODULE ? `\0${EMOJI_MODULE}` : undefined),
    load(id, options) {
      if (id !== `\0${EMOJI_MODULE}`) return;
      const entries = emojiInContent().map(({ text, name }) => {
        const svg = emojiSvg(name);
        if (options?.ssr) return `${JSON.stringify(text)}: { markup: ${JSON.stringify(svg)}, url: "" }`;
        const url =
          this.environment.config.command === "build"
            ? `import.meta.ROLLUP_FILE_URL_${this.emitFile({ type: "asset", name: `${name}.svg`, source: svg })}`
            : JSON.stringify(`data:image/svg+xml,${encodeURIComponent(svg)}`);
        return `${JSON.stringify(text)}: { markup: null, url: ${url} }`;
      });
      return `export const drawings = { ${entries.join(", ")} };`;
    },
  };
}

export function imagePlugins(): Plugin[] {
  return [
    iconSprite(),
    imagetools({
      include: CONTENT_IMAGE,
      defaultDirectives: new URLSearchParams({ w: "400;800;1200", format: "avif;webp", as: "picture" }),
    }),
    portrait(),
    contentPictures(),
    emoji(),
    fontSubsets(),
  ];
}
