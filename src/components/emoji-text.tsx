import type { ReactNode } from "react";
import { EMOJI, emojiFile } from "../lib/emoji";
import { PrerenderedSvg } from "./prerendered-svg";

/**
 * Text whose emoji are drawn as images, so that they show on a machine without an emoji font
 * (most Linux desktops): each emoji with a drawing in `src/assets/emoji/` (named by its code
 * points, e.g. `1f44b.svg`) becomes that SVG, and the character itself stays in the text for
 * screen readers, copy and paste, and the accessible name. The drawings are Microsoft's Fluent
 * Emoji (flat style, MIT licence). An emoji of the content without a drawing there fails
 * tests/unit/content/content.test.ts, and the build warns (build/brand.ts).
 */
const files = import.meta.glob<string>("../assets/emoji/*.svg", {
  eager: true,
  query: "?no-inline",
  import: "default",
});
const markups = import.meta.env.SSR
  ? import.meta.glob<string>("../assets/emoji/*.svg", { eager: true, query: "?raw", import: "default" })
  : {};

export function EmojiText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    const file = `../assets/emoji/${emojiFile(match[0])}`;
    const src = files[file];
    if (!src) continue;
    parts.push(
      text.slice(last, match.index),
      <span key={match.index} className="emoji">
        <PrerenderedSvg className="emoji__drawing" markup={markups[file] ?? null} src={src} />
        <span className="visually-hidden">{match[0]}</span>
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
