import type { ReactNode } from "react";

/**
 * Text whose emoji are drawn as images, so that they show on a machine without an emoji font
 * (most Linux desktops): each emoji with a drawing in `src/assets/emoji/` (named by its code
 * points, e.g. `1f44b.svg`) becomes that SVG, and the character itself stays in the text for
 * screen readers, copy and paste, and the accessible name. The drawings are Microsoft's Fluent
 * Emoji (flat style, MIT licence). tests/unit/content/content.test.ts fails when the content uses
 * an emoji with no drawing here.
 */
const drawings = import.meta.glob<string>("../assets/emoji/*.svg", {
  eager: true,
  query: "?raw",
  import: "default",
});

/** The file name of an emoji's drawing: its code points in hex, joined by "-", without FE0F. */
export function emojiFile(emoji: string): string {
  return [...emoji]
    .map((char) => char.codePointAt(0) ?? 0)
    .filter((point) => point !== 0xfe0f)
    .map((point) => point.toString(16))
    .join("-");
}

/** The drawing of an emoji, when there is one. */
export function emojiDrawing(emoji: string): string | undefined {
  return drawings[`../assets/emoji/${emojiFile(emoji)}.svg`];
}

export const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

export function EmojiText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMOJI)) {
    const drawing = emojiDrawing(match[0]);
    if (!drawing) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className="emoji">
        <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: drawing }} />
        <span className="visually-hidden">{match[0]}</span>
      </span>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
