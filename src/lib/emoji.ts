/** Hands, faces, symbols: any emoji (with its variation selectors and joined sequences). */
export const EMOJI = /\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu;

/** The file of an emoji's drawing in `src/assets/emoji/`: its code points in hex, joined by "-", without FE0F. */
export function emojiFile(emoji: string): string {
  const points = [...emoji].map((char) => char.codePointAt(0) ?? 0).filter((point) => point !== 0xfe0f);
  return `${points.map((point) => point.toString(16)).join("-")}.svg`;
}
