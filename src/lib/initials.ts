/** Up to two initials of a name or title ("Aarav Mehta" → "AM", "Notes pRO" → "NP"). */
export function initials(text: string): string {
  const words = text.match(/\p{L}[\p{L}\p{N}'’.-]*/gu) ?? [];
  const picked = words.length > 2 ? [words[0], words[words.length - 1]] : words;
  return picked.map((word) => (word ?? "").charAt(0).toLocaleUpperCase("en")).join("");
}

/** A stable choice among `count` options for a text (a hue for a title): the same text, the same pick. */
export function pick(text: string, count: number): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % count;
}
