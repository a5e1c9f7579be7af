/**
 * A monogram of a name or title: in a script with letter case, up to two initials ("Aarav Mehta" →
 * "AM", "Notes pRO" → "NP"); in one without (Arabic, Hebrew, CJK, Devanagari…), where initials are
 * not how names are shortened and two Arabic letters would join into a word, the first letter of
 * the first word with its marks ("山田 花子" → "山", "ليلى حداد" → "ل").
 */
export function initials(text: string): string {
  const words = text.match(/\p{L}\p{M}*[\p{L}\p{M}\p{N}'’.-]*/gu) ?? [];
  const first = /^\p{L}\p{M}*/u.exec(words[0] ?? "")?.[0] ?? "";
  if (first.toLocaleUpperCase() === first.toLocaleLowerCase()) return first;
  const picked = words.length > 2 ? [words[0], words[words.length - 1]] : words;
  return picked.map((word) => (word ?? "").charAt(0).toLocaleUpperCase("en")).join("");
}

/** A stable choice among `count` options for a text (a hue for a title): the same text, the same pick. */
export function pick(text: string, count: number): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % count;
}
