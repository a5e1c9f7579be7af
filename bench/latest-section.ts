/**
 * bench/latest.md holds the Lighthouse figures (`npm run bench`) and the server's
 * (`npm run bench:server`): each command rewrites its own part and keeps the other.
 */
export const SERVER_SECTION_START = "<!-- bench:server:start -->";
export const SERVER_SECTION_END = "<!-- bench:server:end -->";

/** The server section of a latest.md text ("" when it has none). */
export function serverSection(text: string): string {
  const start = text.indexOf(SERVER_SECTION_START);
  const end = text.indexOf(SERVER_SECTION_END);
  return start === -1 || end === -1 ? "" : text.slice(start, end + SERVER_SECTION_END.length);
}

/** `text` with its server section replaced by `section` (appended when it had none). */
export function withServerSection(text: string, section: string): string {
  const current = serverSection(text);
  if (current !== "") return text.replace(current, () => section);
  return `${text.trimEnd()}${text.trim() === "" ? "" : "\n\n"}${section}\n`;
}
