/**
 * `npm run test:lts`, a step of `npm test`: the node suites (server, pipeline, build) again under
 * the LTS release of Node, whatever Node ran `npm install`. The release is the official build from
 * the npm registry (`node-<platform>-<arch>`), fetched into `.cache/` once. The servers the tests
 * start use the same binary (`process.execPath`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

/** The LTS release the suites also run under; deploy/Dockerfile's base image has the same major. */
export const LTS_NODE = "24.21.0";

const ROOT = resolve(import.meta.dirname, "../..");
const CACHE = join(ROOT, ".cache");

function run(command: string, args: string[], env?: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: ROOT, env });
  if (result.status !== 0) {
    console.error(`test:lts: ${command} ${args.join(" ")} failed`);
    process.exit(result.status ?? 1);
  }
}

/** The release's folder, fetched from the npm registry when missing. */
function nodeRelease(): string {
  const dir = join(CACHE, `node-${LTS_NODE}`);
  if (existsSync(join(dir, "bin/node"))) return dir;
  const pkg = `node-${process.platform}-${process.arch}`;
  console.log(`test:lts: fetching ${pkg}@${LTS_NODE} from the npm registry`);
  mkdirSync(dir, { recursive: true });
  run("npm", ["pack", `${pkg}@${LTS_NODE}`, "--pack-destination", CACHE, "--silent"]);
  const tarball = join(CACHE, `${pkg}-${LTS_NODE}.tgz`);
  run("tar", ["xzf", tarball, "-C", dir, "--strip-components=1"]);
  rmSync(tarball);
  return dir;
}

// Only as a command, not when a test imports LTS_NODE.
if (process.argv[1]?.endsWith("node-lts.ts")) {
  const bin = join(nodeRelease(), "bin");
  console.log(`test:lts: the node suites under Node ${LTS_NODE}`);
  // PATH too, so that a tool started through a `#!/usr/bin/env node` line gets the same release.
  run(join(bin, "node"), ["node_modules/vitest/vitest.mjs", "run", "--project", "node"], {
    ...process.env,
    PATH: `${bin}:${process.env.PATH ?? ""}`,
  });
}
