/**
 * One runtime, honestly declared: every package the lockfile installs accepts every Node release the
 * project's `engines` accepts (so `npm install` on any of them prints no EBADENGINE), and the release
 * the npm scripts run on (the devDependency `node`, which `.ci/run` also puts first on PATH) is one of them.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import semver from "semver";
import { expect, test } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), "utf8"));
const manifest = read("package.json");
const accepted: string = manifest.engines.node;

test("every package in the lockfile accepts every Node release that engines accepts", () => {
  const packages: Record<string, { engines?: { node?: string } | string[]; cpu?: string[] }> =
    read("package-lock.json").packages;
  const refusing = Object.entries(packages).flatMap(([path, { engines, cpu }]) => {
    const node = Array.isArray(engines) ? undefined : engines?.node; // an old array form names no range
    // Packages for 32-bit x86 only (sharp's win32-ia32 build): no supported Node release runs there.
    const thirtyTwoBit = cpu?.every((name) => name === "ia32") ?? false;
    return node === undefined || thirtyTwoBit || semver.subset(accepted, node)
      ? []
      : [`${path.replace(/^.*node_modules\//, "") || "(root)"} needs node ${node}`];
  });
  expect(refusing).toEqual([]);
});

test("the Node release the npm scripts run on is one that engines accepts, and .ci/run installs on it", () => {
  expect(semver.satisfies(manifest.devDependencies.node, accepted)).toBe(true);
  expect(readFileSync(join(ROOT, ".ci/run"), "utf8")).toContain("devDependencies.node");
});
