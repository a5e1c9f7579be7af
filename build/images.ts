/** The image plugins, shared by the client build, the prerender's SSR build and the unit tests. */
import { createAvatar } from "@dicebear/core";
import * as notionists from "@dicebear/notionists";
import type { Plugin } from "vite";
import { imagetools } from "vite-imagetools";
import { profile } from "../src/content/profile.ts";
import { iconSprite } from "./icon-sprite.ts";

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

export function imagePlugins(): Plugin[] {
  return [
    iconSprite(),
    imagetools({
      include: CONTENT_IMAGE,
      defaultDirectives: new URLSearchParams({ w: "400;800;1200", format: "avif;webp", as: "picture" }),
    }),
    portrait(),
  ];
}
