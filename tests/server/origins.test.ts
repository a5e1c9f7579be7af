/**
 * Which pages may send: in production the server accepts its own pages as the request reaches
 * it (so the production build tried locally, as the README's "Take it live" says, can send), its
 * public origins, and nothing else; a refusal is loud: a warn line with the fix, once per origin per
 * hour, and a "degraded" /healthz that counts it.
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { API_KEY_HEADER } from "../../src/shared/contact/protocol";
import { type ChildServer, startChildServer } from "./child-server";
import { API_KEY, MESSAGES_PATH, removeTempDirs, storedMessages, tempDir, validMessage } from "./helpers";

const SITE = "https://portfolio.example";
const PRODUCTION = { NODE_ENV: "production", VITE_SITE_URL: SITE, LOG_LEVEL: "info" };
const servers: ChildServer[] = [];

async function serve(env: Record<string, string> = {}): Promise<ChildServer & { dataDir: string }> {
  const dataDir = await tempDir();
  const server = await startChildServer(dataDir, { env: { ...PRODUCTION, ...env } });
  servers.push(server);
  return { ...server, dataDir };
}

/** A save as a browser page at `origin` sends it, to the server reached under `host`; its status. */
function save(server: ChildServer, origin: string, host = new URL(server.url).host): Promise<number> {
  const body = JSON.stringify({ id: randomUUID(), ...validMessage });
  const headers = { origin, host, "content-type": "application/json", [API_KEY_HEADER]: API_KEY };
  return new Promise((resolve, reject) => {
    // node:http, not fetch: fetch sends the Host of the URL whatever it is given.
    const sending = request(`${server.url}${MESSAGES_PATH}`, { method: "POST", headers }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    sending.on("error", reject);
    sending.end(body);
  });
}

const healthz = async (server: ChildServer) => (await fetch(`${server.url}/healthz`)).json();
const warnings = (server: ChildServer) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":40'))
    .map((line) => JSON.parse(line).msg as string);

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(removeTempDirs);

describe("in production, on 127.0.0.1, with only VITE_SITE_URL set", { timeout: 60_000 }, () => {
  test("its own page, on any loopback name, can save, and says so at start", async () => {
    const server = await serve();
    const port = new URL(server.url).port;
    expect(await save(server, server.url)).toBe(201);
    expect(await save(server, `http://localhost:${port}`, `localhost:${port}`)).toBe(201);
    expect(await save(server, SITE)).toBe(201);
    expect(server.output()).toContain(
      `Messages are accepted from pages at ${SITE}; this server's own address on localhost, 127.0.0.1 or [::1].`,
    );
    expect(await healthz(server)).toEqual({ status: "ok" });
  });

  test("a forged Host with a matching Origin, or a loopback page on another port, stays refused", async () => {
    const server = await serve();
    expect(await save(server, "http://evil.example", "evil.example")).toBe(403);
    expect(await save(server, `http://evil.example:${new URL(server.url).port}`)).toBe(403);
    expect(await save(server, "http://127.0.0.1:1")).toBe(403);
    expect(storedMessages(server.dataDir)).toEqual([]);
  });

  test("a refused origin: 403, one warn line naming it and the fix, and /healthz degraded with its count", async () => {
    const server = await serve({ ALLOWED_ORIGINS: "https://me.web.app" });
    const www = "https://www.portfolio.example";
    for (let index = 0; index < 3; index += 1) expect(await save(server, www)).toBe(403);
    expect(await save(server, "https://me.web.app")).toBe(201);
    expect(warnings(server).filter((line) => line.includes(www))).toEqual([
      `Refused a message from the page at ${www} (403, "Requests from this website are not allowed."). If that page is this site, add its origin to ALLOWED_ORIGINS and restart the server: ALLOWED_ORIGINS=https://me.web.app,${www} (Logged once an hour per origin; /healthz counts them.)`,
    ]);
    expect(await healthz(server)).toMatchObject({ status: "degraded", refused: { [www]: 3 } });
  });
});
