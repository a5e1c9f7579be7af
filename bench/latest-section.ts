import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * bench/latest.md holds the Lighthouse figures (`npm run bench`) and the server's
 * (`npm run bench:server`): each command rewrites its own marked part and keeps the rest.
 */
export interface SectionMarkers {
  start: string;
  end: string;
  /** Where a missing section goes: the page benchmark first, the server's after it. */
  place: "first" | "last";
}

export const PAGE_SECTION: SectionMarkers = {
  start: "<!-- bench:page start (npm run bench) -->",
  end: "<!-- bench:page end -->",
  place: "first",
};

export const SERVER_SECTION: SectionMarkers = {
  start: "<!-- bench:server:start -->",
  end: "<!-- bench:server:end -->",
  place: "last",
};

/** Replaces one section of `file` with `body` (markers added here), keeping whatever else it holds. */
export function writeSection(file: string, markers: SectionMarkers, body: string): void {
  const block = `${markers.start}\n${body.trim()}\n${markers.end}`;
  const current = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  const start = current.indexOf(markers.start);
  const end = current.indexOf(markers.end);
  let next: string;
  if (start >= 0 && end > start) {
    next = `${current.slice(0, start)}${block}${current.slice(end + markers.end.length)}`;
  } else if (current === "") {
    next = block;
  } else {
    next = markers.place === "first" ? `${block}\n\n${current}` : `${current}\n\n${block}`;
  }
  writeFileSync(file, `${next.trim()}\n`);
}
