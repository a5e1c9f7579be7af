/**
 * deploy/: Docker does not run here, so this checks what can be checked without it: the compose
 * file's shape (two instances sharing Redis behind Caddy), that each instance's environment is a
 * valid production configuration, that Caddy's upstreams are the compose services, the
 * Dockerfile's rules, and its HEALTHCHECK command run for real against a server.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { loadConfig } from "../../server/config";
import { closedPort, removeTempDirs, startServer, type TestServer } from "./helpers";

const ROOT = resolve(import.meta.dirname, "../..");
const DEPLOY = join(ROOT, "deploy");
const dockerfile = readFileSync(join(DEPLOY, "Dockerfile"), "utf8");
const caddyfile = readFileSync(join(DEPLOY, "Caddyfile"), "utf8");

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, unknown> | string[];
  healthcheck?: { test: string[] };
}
// Compose uses YAML merge keys (<<: *app) for what both instances share.
const compose = parse(readFileSync(join(DEPLOY, "compose.yaml"), "utf8"), { merge: true }) as {
  services: Record<string, Service>;
};
const APPS = ["app-1", "app-2"];

/** The Dockerfile's ENV values (one ENV instruction with continued lines). */
function dockerEnv(): Record<string, string> {
  const block = /^ENV ((?:.*\\\n)*.*)$/m.exec(dockerfile)?.[1] ?? "";
  return Object.fromEntries(
    block
      .replace(/\\\n/g, " ")
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split("=") as [string, string]),
  );
}

afterAll(async () => {
  await removeTempDirs();
});

describe("compose.yaml", () => {
  test("has two app instances from one image, Redis and a proxy", () => {
    expect(Object.keys(compose.services).sort()).toEqual([...APPS, "proxy", "redis"].sort());
    for (const name of APPS) {
      const app = compose.services[name];
      expect(app?.build?.dockerfile).toBe("deploy/Dockerfile");
      expect(resolve(DEPLOY, app?.build?.context ?? "")).toBe(ROOT);
      expect(app?.image).toBe("portfolio");
      expect(app?.depends_on).toMatchObject({ redis: { condition: "service_healthy" } });
    }
    // Each instance keeps its own DATA_DIR volume (SQLite is one file per instance).
    const volumes = APPS.map((name) => compose.services[name]?.volumes?.[0]?.split(":")[0]);
    expect(new Set(volumes).size).toBe(2);
  });

  test("each instance's environment is a valid production configuration sharing the Redis service", () => {
    for (const name of APPS) {
      const environment = compose.services[name]?.environment ?? {};
      const config = loadConfig({
        ...dockerEnv(),
        ...environment,
        VITE_SITE_URL: "http://localhost:8080",
        API_KEY: "a-real-secret-key",
      });
      expect(config.production).toBe(true);
      const redisUrl = new URL(config.redisUrl ?? "");
      expect(compose.services[redisUrl.hostname]).toBeDefined();
      expect(redisUrl.port).toBe("6379");
      // Caddy is the one proxy in front: the rate limit must count visitors, not Caddy.
      expect(config.trustProxy).toBe(1);
      expect(config.host).toBe("0.0.0.0");
    }
  });

  test("Redis keeps its data across restarts (append-only file on a volume) and has a healthcheck", () => {
    const redis = compose.services.redis;
    expect(redis?.command).toEqual(expect.arrayContaining(["--appendonly", "yes"]));
    expect(redis?.volumes?.[0]).toMatch(/:\/data$/);
    expect(redis?.healthcheck?.test).toEqual(["CMD", "redis-cli", "ping"]);
  });

  test("Caddy mounts deploy/Caddyfile and balances over exactly the app services on their port", () => {
    const proxy = compose.services.proxy;
    expect(proxy?.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
    expect(upstreams.sort()).toEqual(APPS.map((name) => `${name}:${dockerEnv().PORT}`).sort());
    // Passive health only: /healthz is 503 for every instance at once while Redis is away.
    expect(caddyfile).toMatch(/fail_duration \d+s/);
    expect(caddyfile).not.toMatch(/health_uri/);
  });
});

describe("Dockerfile", () => {
  test("is multi-stage, runs as a non-root user in production mode, and starts server/main.ts", () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerEnv()).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", DATA_DIR: "/data" });
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "server\/main.ts"\]$/m);
    // The native addon is checked where it is built, not discovered missing at run time.
    expect(dockerfile).toMatch(/require\('better-sqlite3'\)/);
  });

  test("copies only paths that exist, and its ignore file keeps local state out", () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) =>
      (match[1] ?? "").split(/\s+/),
    );
    for (const source of sources.filter((path) => path !== "."))
      expect(existsSync(join(ROOT, source))).toBe(true);
    const ignored = readFileSync(join(DEPLOY, "Dockerfile.dockerignore"), "utf8").split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["**/node_modules", ".data", ".env", ".git"]));
  });

  describe("its HEALTHCHECK command", () => {
    const command = JSON.parse(
      /^\s*CMD (\[.*\])$/m.exec(dockerfile.split("HEALTHCHECK")[1] ?? "")?.[1] ?? "[]",
    ) as string[];
    let server: TestServer;

    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server?.close();
    });

    function run(port: number): Promise<number | null> {
      const [binary, ...args] = command;
      const child = spawn(binary === "node" ? process.execPath : (binary ?? ""), args, {
        env: { PATH: process.env.PATH ?? "", PORT: String(port) },
        stdio: "ignore",
      });
      return new Promise((done) => child.once("exit", (code) => done(code)));
    }

    test("passes against a running server's /healthz and fails when nothing answers", async () => {
      expect(command[0]).toBe("node");
      expect(await run(Number(new URL(server.url).port))).toBe(0);
      expect(await run(await closedPort())).toBe(1);
    });
  });
});
