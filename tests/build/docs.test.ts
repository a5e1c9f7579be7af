import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";

/**
 * The docs cannot drift from the tree: every file or folder README.md and docs/*.md name in
 * backticks or link to exists, and every `npm run X` they name is a script of package.json. A rename
 * that forgets the docs fails here.
 */
const ROOT = join(import.meta.dirname, "../..");
const DOCS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const SKIP_DIRS = new Set(["node_modules", ".git", "dist", ".data", ".cache", "test-results", "results"]);

/** What the docs name that a running product, not the repository, makes (or the owner may add). */
const MADE_AT_RUN_TIME = new Set([
  ".env",
  ".data/",
  ".data/mail/",
  ".data/portfolio.db",
  ".cache/",
  "dist/",
  "bench/results/",
  "public/resume.pdf",
  "messages.jsonl",
]);

const TOP_LEVEL = new Set(
  readdirSync(ROOT).filter((name) => !SKIP_DIRS.has(name) && statSync(join(ROOT, name)).isDirectory()),
);
/** A repository path: a top-level folder's, or a file name with an extension. */
const PATH = /^\.?[\w@-][\w.@-]*(?:\/[\w.@[\]-]+)*\/?$/;
const FILE_NAME = /\.(?:ts|tsx|mjs|cjs|js|css|json|md|rules|yaml|yml|svg|html|example|webp|png|pdf)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [relative(ROOT, path), ...files(path)] : [relative(ROOT, path)];
  });
}
const TREE = files(ROOT);
const BASENAMES = new Set(TREE.map((path) => basename(path)));

function namedPaths(doc: string, text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "");
  const inTicks = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? "");
  const linked = [...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? "")
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => relative(ROOT, join(ROOT, dirname(doc), target)));
  const named = inTicks.filter(
    (token) =>
      PATH.test(token) &&
      !MADE_AT_RUN_TIME.has(token) &&
      ((token.includes("/") && TOP_LEVEL.has(token.split("/")[0] ?? "")) || FILE_NAME.test(token)),
  );
  return [...named, ...linked];
}

function exists(path: string): boolean {
  if (path.includes("/")) return existsSync(join(ROOT, path));
  return BASENAMES.has(path);
}

describe.each(DOCS)("%s", (doc) => {
  const text = readFileSync(join(ROOT, doc), "utf8");

  it("names only paths that exist", () => {
    const missing = [...new Set(namedPaths(doc, text))].filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });

  it("names only npm scripts that exist", () => {
    const scripts = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts);
    const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] ?? "");
    expect([...new Set(named)].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

it("finds the paths and scripts the docs name (the checks above are not empty)", () => {
  const all = DOCS.map((doc) => readFileSync(join(ROOT, doc), "utf8")).join("\n");
  expect(namedPaths("README.md", all).length).toBeGreaterThan(50);
  expect([...all.matchAll(/npm run ([\w:-]+)/g)].length).toBeGreaterThan(10);
});

it("keeps docs/*.md at most 60 KB together", () => {
  const bytes = DOCS.filter((doc) => doc.startsWith("docs/"))
    .map((doc) => statSync(join(ROOT, doc)).size)
    .reduce((sum, size) => sum + size, 0);
  expect(bytes).toBeLessThanOrEqual(60 * 1024);
});
