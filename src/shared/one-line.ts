/** Invisible format characters (bidi overrides and isolates...); the joiners U+200C and U+200D stay. */
const FORMAT_CHARS = /(?![\u200C\u200D])\p{Cf}/gu;

/**
 * Text as one plain line: each run of whitespace and control characters (line breaks, tabs, the
 * C0 and C1 controls such as ESC, U+2028/U+2029) becomes one space, format characters go, and the
 * ends are trimmed. Longer than `max` characters, it is cut with an ellipsis. What it returns is
 * safe in a mail header or on a terminal: it reads as it is stored.
 */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const line = text
    .replace(FORMAT_CHARS, "")
    .replace(/[\s\p{Cc}\u2028\u2029]+/gu, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
