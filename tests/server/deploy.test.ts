/**
 * deploy/: Docker does not run here, so this checks what can be checked without it: the compose
 * file's shape (two instances sharing Redis behind Caddy), that each instance's environment, with
 * a .env copied from .env.example, is a valid production configuration, the Caddyfile as Caddy
 * itself reads it, the Dockerfile's rules, and its HEALTHCHECK command run for real against a server.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseEnv } from "node:util";
import { parse } from "yaml";
import { loadConfig } from "../../server/config";
import { routes } from "../../src/config/routes";
import { MESSAGES_PATH } from "../../src/shared/contact/protocol";
import { closedPort, removeTempDirs, startServer, type TestServer } from "./helpers";

const ROOT = resolve(import.meta.dirname, "../..");
const DEPLOY = join(ROOT, "deploy");
const dockerfile = readFileSync(join(DEPLOY, "Dockerfile"), "utf8");

interface Service {
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  env_file?: { path: string; required?: boolean }[];
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

/**
 * `${NAME}` and `${NAME:-default}` in a compose value, from the file given to `--env-file` (the
 * README's command passes the root `.env`; Compose would otherwise look in deploy/).
 */
function interpolate(value: string, variables: Record<string, string | undefined>): string {
  // The innermost first, so that a default may itself be `${OTHER:-...}`.
  const innermost = /\$\{(\w+)(?::-([^${}]*))?\}/;
  let result = value;
  while (innermost.test(result)) {
    result = result.replace(innermost, (_all, name: string, fallback?: string) => {
      const given = variables[name];
      return given === undefined || given === "" ? (fallback ?? "") : given;
    });
  }
  return result;
}

/** What the container's process sees: the image's ENV, then `env_file`, then `environment` (Compose's order). */
function containerEnv(service: Service, dotenv: Record<string, string | undefined>): Record<string, string> {
  const fromFile = (service.env_file ?? []).some((file) => resolve(DEPLOY, file.path) === join(ROOT, ".env"))
    ? dotenv
    : {};
  const environment = Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      interpolate(String(value), dotenv),
    ]),
  );
  return Object.fromEntries(
    Object.entries({ ...dockerEnv(), ...fromFile, ...environment }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

/** A .env made as the compose file's header says: .env.example copied, the secrets filled in. */
const copiedDotenv = {
  ...parseEnv(readFileSync(join(ROOT, ".env.example"), "utf8")),
  API_KEY: "a-real-secret-key",
};

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

  test("with a .env copied from .env.example, each instance is a valid production configuration sharing Redis", () => {
    for (const name of APPS) {
      const service = compose.services[name] as Service;
      // The .env is read, and it holds the example's local PORT, HOST and DATA_DIR.
      expect(service.env_file?.map((file) => resolve(DEPLOY, file.path))).toContain(join(ROOT, ".env"));
      expect(copiedDotenv).toMatchObject({ PORT: "4173", HOST: "127.0.0.1", DATA_DIR: ".data" });
      const config = loadConfig(containerEnv(service, copiedDotenv));
      expect(config.production).toBe(true);
      // The container's own settings win: the port Caddy calls, every interface, the volume, the image's build.
      expect(config.port).toBe(Number(dockerEnv().PORT));
      expect(config.host).toBe("0.0.0.0");
      expect(config.dataDir).toBe("/data");
      expect(config.staticDir).toBe("/app/dist");
      const redisUrl = new URL(config.redisUrl ?? "");
      expect(compose.services[redisUrl.hostname]).toBeDefined();
      expect(redisUrl.port).toBe("6379");
      // Caddy is the one proxy in front: the rate limit must count visitors, not Caddy.
      expect(config.trustProxy).toBe(1);
    }
  });

  test("the image's page is built with the key and notify address its server checks, from the same .env", () => {
    for (const name of APPS) {
      const service = compose.services[name] as Service;
      const args = Object.fromEntries(
        Object.entries(service.build?.args ?? {}).map(([arg, value]) => [
          arg,
          interpolate(value, copiedDotenv),
        ]),
      );
      const config = loadConfig(containerEnv(service, copiedDotenv));
      // What the server compares at start (a production start stops on a mismatch).
      expect(args.VITE_NOTIFY_API_KEY).toBe(config.apiKey);
      expect(args.VITE_NOTIFY_URL ?? "").toBe(config.client.serverUrl);
      expect(args.VITE_SITE_URL).toBe(config.client.siteUrl);
      // A .env that sets VITE_NOTIFY_API_KEY builds the page with that key (API_KEY must then be the same).
      const own = { ...copiedDotenv, VITE_NOTIFY_API_KEY: "the-page-key-123" };
      expect(interpolate(service.build?.args?.VITE_NOTIFY_API_KEY ?? "", own)).toBe("the-page-key-123");
    }
  });

  test("Redis keeps its data across restarts (append-only file on a volume) and has a healthcheck", () => {
    const redis = compose.services.redis;
    expect(redis?.command).toEqual(expect.arrayContaining(["--appendonly", "yes"]));
    expect(redis?.volumes?.[0]).toMatch(/:\/data$/);
    expect(redis?.healthcheck?.test).toEqual(["CMD", "redis-cli", "ping"]);
  });

  test("Caddy mounts deploy/Caddyfile, keeps its certificates on a volume and gets SITE_DOMAIN", () => {
    const proxy = compose.services.proxy;
    expect(proxy?.volumes).toContain("./Caddyfile:/etc/caddy/Caddyfile:ro");
    expect(proxy?.volumes).toContainEqual(expect.stringMatching(/^[\w-]+:\/data$/));
    expect(interpolate(String(proxy?.environment?.SITE_DOMAIN), { SITE_DOMAIN: "me.example.dev" })).toBe(
      "me.example.dev",
    );
    expect(proxy?.ports?.map((port) => port.split(":").at(-1))).toEqual(["80", "443"]);
  });
});

describe("Caddyfile, as Caddy reads it (caddy adapt)", () => {
  interface Server {
    listen: string[];
    routes: unknown[];
    automatic_https?: { disable?: boolean };
  }
  function adapt(env: Record<string, string>): Server[] {
    const result = spawnSync("caddy", ["adapt", "--config", join(DEPLOY, "Caddyfile")], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });
    if (result.error !== undefined)
      throw new Error(
        "This test runs caddy, which is not installed: install Debian's package (apt-get install -y caddy, or brew install caddy); npm test installs it when missing (tests/support/prepare-machine.ts).",
        { cause: result.error },
      );
    expect(result.status, result.stderr).toBe(0);
    const config = JSON.parse(result.stdout) as { apps: { http: { servers: Record<string, Server> } } };
    return Object.values(config.apps.http.servers);
  }
  /** Every reverse_proxy handler's upstreams, wherever Caddy nested it. */
  const upstreams = (value: unknown): string[] =>
    typeof value !== "object" || value === null
      ? []
      : "upstreams" in value && Array.isArray(value.upstreams)
        ? value.upstreams.map((upstream: { dial: string }) => upstream.dial)
        : Object.values(value).flatMap(upstreams);

  test("without SITE_DOMAIN: plain HTTP on :80 for a local trial, to exactly the app services", () => {
    const servers = adapt({});
    expect(servers.map((server) => server.listen)).toEqual([[":80"]]);
    expect([...new Set(upstreams(servers))].sort()).toEqual(
      APPS.map((name) => `${name}:${dockerEnv().PORT}`).sort(),
    );
    // Passive health only: /healthz is 503 for every instance at once while Redis is away.
    expect(JSON.stringify(servers)).toMatch(/"passive":\{"fail_duration":\d+\}/);
    expect(JSON.stringify(servers)).not.toMatch(/health_uri/);
  });

  test("one inbox: every save (POST /api/messages, the form's POST /contact) goes to app-1 alone", () => {
    const [server] = adapt({});
    const handled = (server?.routes ?? []) as { match?: { method?: string[]; path?: string[] }[] }[];
    const store = handled.find((route) => route.match?.[0]?.method?.includes("POST"));
    expect(store?.match?.[0]?.path?.sort()).toEqual([MESSAGES_PATH, routes.contact.path].sort());
    expect(upstreams(store)).toEqual([`app-1:${dockerEnv().PORT}`]);
    // Only app-1 is the writer, so its volume holds every message `messages list` shows.
    expect(compose.services["app-1"]?.volumes?.[0]).toMatch(/^app-1-data:\/data$/);
  });

  test("with SITE_DOMAIN: that name over HTTPS on :443, certificates managed by Caddy", () => {
    const servers = adapt({ SITE_DOMAIN: "portfolio.example.com" });
    expect(servers.map((server) => server.listen)).toEqual([[":443"]]);
    expect(JSON.stringify(servers)).toContain('"host":["portfolio.example.com"]');
    expect(servers[0]?.automatic_https?.disable).not.toBe(true);
    expect([...new Set(upstreams(servers))].sort()).toEqual(
      APPS.map((name) => `${name}:${dockerEnv().PORT}`).sort(),
    );
  });
});

describe("Dockerfile", () => {
  test("is multi-stage, runs as a non-root user in production mode, and starts server/serve.ts", () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerEnv()).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", DATA_DIR: "/data" });
    expect(dockerfile).toMatch(/^CMD \["node", "--import", "tsx", "server\/serve.ts"\]$/m);
    // The SQLite driver is checked where it is built, not discovered missing at run time.
    expect(dockerfile).toMatch(/^RUN node .*server\/store\/sqlite-driver\.ts/m);
  });

  test("builds and runs on the Node release the npm scripts run on (package.json's devDependency node)", () => {
    const pinned: string = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).devDependencies.node;
    const major = pinned.split(".")[0];
    expect(dockerfile.match(/^FROM node:(\d+)-/gm)).toEqual([`FROM node:${major}-`, `FROM node:${major}-`]);
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
