import type { ReactNode } from "react";
import { EMOJI, emojiFile } from "../lib/emoji";
import { PrerenderedSvg } from "./prerendered-svg";

/**
 * Text whose emoji are drawn as images from `src/assets/emoji/` (Microsoft's Fluent Emoji, MIT), so
 * they show without an emoji font; the character stays in the text for screen readers and copying.
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
