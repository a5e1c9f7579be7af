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
