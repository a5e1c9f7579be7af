import { drawings } from "virtual:emoji";
import type { ReactNode } from "react";
import { EMOJI } from "../lib/emoji";
import { PrerenderedSvg } from "./prerendered-svg";

/**
 * Text whose emoji are drawn as images of the Fluent Emoji Flat set (Microsoft, MIT; the build takes
 * them from its npm package: build/images.ts), so they show without an emoji font; the character
 * stays in the text for screen readers and copying.
 */
export function EmojiText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    const drawing = drawings[match[0]];
    if (!drawing) continue;
    parts.push(
      text.slice(last, match.index),
      <span key={match.index} className="emoji">
        <PrerenderedSvg className="emoji__drawing" markup={drawing.markup} src={drawing.url} />
        <span className="visually-hidden">{match[0]}</span>
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
