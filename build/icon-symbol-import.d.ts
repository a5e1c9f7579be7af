/** An icon imported with `?symbol`: its address in the site's icon sprite (build/icon-sprite.ts). */
declare module "*.svg?symbol" {
  const href: string;
  export default href;
}
