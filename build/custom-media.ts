/**
 * The stylesheets' custom media, defined in each from src/config/media.ts and resolved by
 * postcss-custom-media; an unknown name fails the build (a browser would skip the rule silently).
 */
import type { AcceptedPlugin } from "postcss";
import postcssCustomMedia from "postcss-custom-media";
import { media } from "../src/config/media.ts";

const definitions = Object.entries(media)
  .map(([name, query]) => `@custom-media --${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${query};`)
  .join("\n");

export function customMedia(): AcceptedPlugin[] {
  return [
    { postcssPlugin: "custom-media-definitions", Once: (root) => void root.prepend(definitions) },
    postcssCustomMedia(),
    {
      postcssPlugin: "custom-media-unknown",
      OnceExit: (root) => {
        root.walkAtRules("media", (rule) => {
          if (rule.params.includes("(--")) throw rule.error(`Unknown custom media: @media ${rule.params}`);
        });
      },
    },
  ];
}
