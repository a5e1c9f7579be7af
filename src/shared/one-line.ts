/**
 * Text as one plain line: each run of whitespace and control characters (line breaks, tabs, the
 * C0 and C1 controls such as ESC, U+2028/U+2029) becomes one space, and the ends are trimmed.
 * Longer than `max` characters, it is cut with an ellipsis. What it returns is safe in a mail
 * header or on a terminal.
 */
export function oneLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const line = text.replace(/[\s\p{Cc}\u2028\u2029]+/gu, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
