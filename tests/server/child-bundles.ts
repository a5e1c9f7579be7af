/**
 * The node project's global setup: bundles each entry a test runs in a child process (the server,
 * the `messages` CLI, the fixtures) once per run with esbuild, its packages left as imports. A
 * child then starts on plain Node, with no loader to transform the TypeScript again in each of the
 * many processes the suites start (tsx costs about a second of CPU per start; the bundle, none).
 * `tests/server/log-privacy.test.ts` still starts `server/serve.ts` through tsx, as the Dockerfile
 * and `npm run serve` do.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";

const ROOT = join(import.meta.dirname, "../..");
/** Inside the repository, so the bundles import the packages from its node_modules. */
const OUT_DIR = join(ROOT, ".cache/test-children");

export const CHILD_ENTRIES = [
  "server/serve.ts",
  "server/cli/messages-cli.ts",
  "tests/server/fixtures/clock-shift.ts",
  "tests/server/fixtures/crash-after-send.ts",
  "tests/server/fixtures/open-database.ts",
] as const;

type ChildEntry = (typeof CHILD_ENTRIES)[number];

/** The bundle of `entry` (a path relative to the repository, as in CHILD_ENTRIES) to run with `node`. */
export function childEntry(entry: ChildEntry): string {
  return join(OUT_DIR, entry.replace(/\.ts$/, ".js"));
}

/** Written by the run that made the bundles: the node projects share them (one global setup each). */
const BUILT_BY = join(OUT_DIR, "built-by");

export default async function bundleChildEntries(): Promise<void> {
  if ((await readFile(BUILT_BY, "utf8").catch(() => "")) === String(process.pid)) return;
  await rm(OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: [...CHILD_ENTRIES],
    outdir: OUT_DIR,
    outbase: ".",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    logLevel: "warning",
  });
  await writeFile(BUILT_BY, String(process.pid));
}
