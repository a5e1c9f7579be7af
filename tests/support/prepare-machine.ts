/**
 * The first step of `npm test`: makes sure this machine has what the suites need, so that the README's
 * two commands are the whole set-up.
 *
 * - A Chromium for the browser suite and the bench (`findChromium` in `tests/e2e/chromium.ts`), and
 *   Debian's `chromium-headless-shell`, which most browser tests run in: a visit costs about a third
 *   of the CPU there (`findHeadlessShell`). Without the shell they run in the full browser, slower, and the visual
 *   suite, whose baselines the shell draws, is skipped.
 * - `redis-server` for the tests of the shared Redis state: `REDIS_SERVER_PATH`, else one on `PATH`.
 * - `caddy`, which checks `deploy/Caddyfile` (`caddy adapt`, no server started).
 * - `java`, which runs the Nu HTML Checker (`vnu-jar`) over the built pages.
 *
 * What is missing is installed where that is allowed: Debian's package with apt when running as root
 * (CI, containers), else Playwright's Chromium build (no root needed). When neither works, it stops with
 * the one command to run.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { e2eChromium, findChromium, findHeadlessShell, onPath } from "../e2e/chromium";

/** The redis-server the Redis tests start: `REDIS_SERVER_PATH` when set, else one on `PATH`. */
export function findRedisServer(): string | undefined {
  const configured = process.env.REDIS_SERVER_PATH;
  if (!configured) return onPath("redis-server");
  try {
    accessSync(configured, constants.X_OK);
    return configured;
  } catch {
    return undefined;
  }
}

const canApt = process.platform === "linux" && process.getuid?.() === 0 && onPath("apt-get") !== undefined;
let aptUpdated = false;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`prepare: ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit", env }).status === 0;
}

function aptInstall(pkg: string): boolean {
  if (!canApt) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) aptUpdated = run("apt-get", ["update", "-qq"], env);
  return aptUpdated && run("apt-get", ["install", "-y", "-qq", pkg], env);
}

function stop(what: string, command: string): never {
  console.error(`\nprepare: ${what}. Run this, then npm test again:\n\n  ${command}\n`);
  process.exit(1);
}

/** The one command that installs `pkg` (a Debian package name) on this kind of machine. */
function installCommand(pkg: "chromium" | "redis-server" | "caddy" | "default-jre-headless"): string {
  if (onPath("apt-get")) return `${canApt ? "" : "sudo "}apt-get install -y ${pkg}`;
  if (process.platform === "darwin") {
    return {
      chromium: "brew install --cask chromium",
      "redis-server": "brew install redis",
      caddy: "brew install caddy",
      "default-jre-headless": "brew install openjdk",
    }[pkg];
  }
  return {
    chromium: "npx playwright install chromium",
    "redis-server": "<your package manager> install redis (or set REDIS_SERVER_PATH)",
    caddy: "<your package manager> install caddy",
    "default-jre-headless": "<your package manager> install a Java runtime (11 or newer)",
  }[pkg];
}

function ensureChromium(): void {
  if (findChromium()) return;
  const configured = process.env.CHROMIUM_PATH;
  if (configured) stop(`CHROMIUM_PATH is ${configured}, which is not an executable`, "unset CHROMIUM_PATH");
  if (aptInstall("chromium") && findChromium()) return;
  if (!canApt && run("npx", ["playwright", "install", "chromium"]) && findChromium()) return;
  stop("no Chromium for the browser tests, and none could be installed here", installCommand("chromium"));
}

function ensureHeadlessShell(): void {
  if (process.env.CHROMIUM_PATH || findHeadlessShell()) return;
  if (aptInstall("chromium-headless-shell") && findHeadlessShell()) return;
  console.log(
    "prepare: no chromium-headless-shell (Debian's package of that name): every browser test runs in the full Chromium, about 1.6 times the CPU, and the visual suite, drawn by the shell, is skipped",
  );
}

function ensureRedis(): void {
  if (findRedisServer()) return;
  const configured = process.env.REDIS_SERVER_PATH;
  if (configured)
    stop(`REDIS_SERVER_PATH is ${configured}, which is not an executable`, "unset REDIS_SERVER_PATH");
  if (aptInstall("redis-server") && findRedisServer()) return;
  stop(
    "no redis-server for the redis-state tests, and it could not be installed here",
    installCommand("redis-server"),
  );
}

function ensureCaddy(): void {
  if (onPath("caddy") || (aptInstall("caddy") && onPath("caddy"))) return;
  stop(
    "no caddy to check deploy/Caddyfile with, and it could not be installed here",
    installCommand("caddy"),
  );
}

function ensureJava(): void {
  if (onPath("java") || (aptInstall("default-jre-headless") && onPath("java"))) return;
  stop(
    "no java to run the Nu HTML Checker with, and it could not be installed here",
    installCommand("default-jre-headless"),
  );
}

// Only as `npm test`'s first step, not when a test imports findRedisServer.
if (process.argv[1]?.endsWith("prepare-machine.ts")) {
  ensureChromium();
  ensureHeadlessShell();
  ensureRedis();
  ensureCaddy();
  ensureJava();
  console.log(
    `prepare: Chromium ${findChromium()} (the suite's: ${e2eChromium()}), ${findRedisServer()}, ${onPath("caddy")}, ${onPath("java")}`,
  );
}
