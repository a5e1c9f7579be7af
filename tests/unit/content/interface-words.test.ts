/**
 * Every word of the interface is in `src/content/interface.ts` (README, "Make it yours"): no
 * component keeps a visible string of its own, so an owner who writes another language edits only
 * `src/content/`. Read from the sources: JSX text, and the attributes a visitor reads or hears.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dirname, "../../..");
const COMPONENT_DIRS = ["src/app", "src/components", "src/features"];

/** Attributes a visitor sees or a screen reader says. */
const SPOKEN = "aria-label|aria-description|aria-valuetext|alt|title|label|placeholder";
const LETTER = /\p{L}/u;
/** Code, not text: what JSX text around a tag never holds. */
const CODE = /[;=(){}[\]|]|^[,:]|:$/;

/** The visible words written into a component's source. */
export function visibleLiterals(source: string): string[] {
  const code = source
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    // An entity is a character of the text: "Let&apos;s Talk".
    .replace(/&[a-z]+;/g, "'");
  const found = new Set<string>();
  // Text between a tag and a closing tag, on one line or on lines of its own.
  for (const match of code.matchAll(/>([^<>{}]*)<\//g)) {
    const text = match[1]?.trim() ?? "";
    if (LETTER.test(text) && !/[;=]|^[,:]/.test(text)) found.add(text);
  }
  // Text right after a tag, before an expression or another tag: `<p>Hello {name}</p>`.
  for (const match of code.matchAll(/(?<![\w.$])<[A-Za-z][\w.]*(?:\s[^<>]*)?>\s*([^<>{}]+?)\s*(?=[<{])/g)) {
    const text = match[1]?.trim() ?? "";
    if (LETTER.test(text) && !CODE.test(text)) found.add(text);
  }
  // A string in braces right after a tag (not one compared with): `<p>{busy ? "Loading…" : "Retry"}</p>`.
  for (const match of code.matchAll(/(?<!=)>\s*\{([^{}]*)\}/g)) {
    for (const string of (match[1] ?? "").matchAll(/[=!]==\s*"[^"]*"|"([^"]*)"/g)) {
      if (string[1] !== undefined && LETTER.test(string[1])) found.add(string[1]);
    }
  }
  // Spoken attributes given a string or a template with words outside its `${…}`.
  for (const match of code.matchAll(new RegExp(`\\b(?:${SPOKEN})=(?:"([^"]*)"|\\{\`([^\`]*)\`\\})`, "g"))) {
    const text = (match[1] ?? match[2] ?? "").replace(/\$\{[^}]*\}/g, "");
    if (LETTER.test(text)) found.add(match[0]);
  }
  return [...found];
}

function componentFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".tsx"))
    .map((name) => join(ROOT, dir, name));
}

describe("the interface's words", () => {
  it("are found in a component that writes them itself", () => {
    const sample = `
      <h1 className="page-title">
        Page not found
      </h1>
      <h1>Let&apos;s Talk</h1>
      <span className="visually-hidden"> (opens in a new tab)</span>
      <p>{offline ? "You're offline." : words.failed}</p>
      <button aria-label="Install app"><span>Install</span></button>
      <img alt={\`QR code of \${address}\`} />
      <p>Hello {name}</p>
      <span className="visually-hidden">{ui.nav.resume}</span>
      <p>{count} / {limit}</p>`;
    expect(visibleLiterals(sample)).toEqual([
      "Page not found",
      "Let's Talk",
      "(opens in a new tab)",
      "Install",
      "Hello",
      "You're offline.",
      'aria-label="Install app"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text found, not a template
      "alt={`QR code of ${address}`}",
    ]);
  });

  it("are all in src/content/interface.ts, none in a component", () => {
    const files = COMPONENT_DIRS.flatMap(componentFiles);
    expect(files.length).toBeGreaterThan(20);
    const left = files.flatMap((file) =>
      visibleLiterals(readFileSync(file, "utf8")).map((text) => `${relative(ROOT, file)}: ${text}`),
    );
    expect(left).toEqual([]);
  });
});
