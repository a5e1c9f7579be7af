/** An icon imported with `?symbol`: its address in the site's icon sprite (build/icon-sprite.ts). */
declare module "*.svg?symbol" {
  const href: string;
  export default href;
}

/** The owner's generated portrait (build/images.ts). */
declare module "virtual:portrait" {
  /** The SVG itself, in the prerender's build only. */
  export const markup: string | null;
  /** The SVG's address, in the client build. */
  export const url: string | null;
}

/** subset-font (harfbuzz's hb-subset) ships no types: the part the résumé uses (build/resume.ts). */
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
      variationAxes?: Record<string, number>;
    },
  ): Promise<Buffer>;
}

/** The content's emoji, drawn (build/images.ts): markup in the prerender's build, a file's address in the client's. */
declare module "virtual:emoji" {
  export const drawings: Record<string, { markup: string | null; url: string }>;
}

/** The pictures the content names, by their paths in src/content/images/ (build/images.ts). */
declare module "virtual:content-pictures" {
  export const pictures: Record<string, unknown>;
}
