/**
 * The built app served by the notification server: cache headers, app routes, 404s,
 * security headers, compression, and the "not built" answer.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync } from "node:zlib";
import { NOT_BUILT_MESSAGE } from "../../server/http/static-site";
import { API_PATH, appPaths } from "../../src/config/routes";
import { DOCUMENT_ONLY_HEADERS, LIBRARY_STYLE_HASHES } from "../../src/config/security-headers";
import { MESSAGES_PATH as API_MESSAGES, NOTIFY_PATH as API_NOTIFY } from "../../src/shared/contact/protocol";
import {
  NOTIFY_PATH,
  post,
  removeTempDirs,
  startServer,
  staticDir,
  type TestServer,
  tempDir,
  validMessage,
} from "./helpers";

const SHELL = "<!doctype html><title>shell</title><div id=root></div>";
const INLINE_STYLE = "body{margin:0}";
const SKILLS_PAGE = `<!doctype html><title>skills prerendered</title><style>${INLINE_STYLE}</style>`;
const NOT_FOUND_PAGE = "<!doctype html><title>404 prerendered</title>";
const APP_JS = `console.log(${JSON.stringify("x".repeat(4000))});`;

let server: TestServer;
let bare: TestServer;

beforeAll(async () => {
  const root = await staticDir({
    "index.html": SHELL,
    "404.html": NOT_FOUND_PAGE,
    "skills/index.html": SKILLS_PAGE,
    "assets/app-abc123.js": APP_JS,
    // As the build writes it: a precompressed copy next to the file.
    "assets/app-abc123.js.br": brotliCompressSync(APP_JS),
    "assets/logo-abc123.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
    "assets/style-def456.css": "body{color:red}",
    "sw.js": "self.addEventListener('fetch',()=>{})",
    "manifest.webmanifest": '{"name":"Portfolio"}',
    "robots.txt": "User-agent: *\nAllow: /\n",
    ".env": "SECRET=1",
  });
  // Same app without 404.html or prerendered pages.
  const bareRoot = await staticDir({ "index.html": SHELL, "assets/app-abc123.js": APP_JS });
  server = await startServer({
    STATIC_DIR: root,
    VITE_NOTIFY_URL: "https://notify.example.com/base/",
    VITE_FIREBASE_API_KEY: "public-web-key",
    VITE_FIREBASE_PROJECT_ID: "demo-project",
    VITE_FIREBASE_APP_ID: "1:2:web:3",
  });
  bare = await startServer({ STATIC_DIR: bareRoot });
});

afterAll(async () => {
  await server?.close();
  await bare?.close();
  await removeTempDirs();
});

function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { headers });
}

test("index.html is served at / with no-cache", async () => {
  const response = await get(server.url, "/");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(response.headers.get("cache-control")).toBe("no-cache");
  expect(await response.text()).toBe(SHELL);
});

test("hashed assets are immutable for a year; sw.js, the manifest and other files are no-cache", async () => {
  const asset = await get(server.url, "/assets/app-abc123.js");
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(await asset.text()).toBe(APP_JS);

  for (const path of ["/sw.js", "/manifest.webmanifest", "/index.html", "/robots.txt"]) {
    const response = await get(server.url, path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("cache-control"), path).toBe("no-cache");
  }
});

test("responses are compressed with brotli or gzip when asked", async () => {
  const brotli = await get(server.url, "/assets/app-abc123.js", { "accept-encoding": "br" });
  expect(brotli.headers.get("content-encoding")).toBe("br");
  expect(await brotli.text()).toBe(APP_JS);
  const gzip = await get(server.url, "/assets/app-abc123.js", { "accept-encoding": "gzip" });
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  expect(await gzip.text()).toBe(APP_JS);
});

test("every app route answers 200, with or without a trailing slash", async () => {
  for (const path of appPaths) {
    for (const url of path === "/" ? ["/"] : [path, `${path}/`]) {
      const response = await get(server.url, url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("cache-control"), url).toBe("no-cache");
      // A prerendered page wins over the shell.
      expect(await response.text(), url).toBe(path === "/skills" ? SKILLS_PAGE : SHELL);
    }
  }
});

test("an unknown page is a 404 with 404.html, or the shell when there is none", async () => {
  const withPage = await get(server.url, "/no-such-page");
  expect(withPage.status).toBe(404);
  expect(withPage.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await withPage.text()).toBe(NOT_FOUND_PAGE);

  const withShell = await get(bare.url, "/no/such/page");
  expect(withShell.status).toBe(404);
  expect(await withShell.text()).toBe(SHELL);
});

test("a missing file with an extension is a plain 404", async () => {
  for (const path of ["/assets/app-missing.js", "/favicon.ico", "/assets/app-abc123.js.map"]) {
    const response = await get(server.url, path);
    expect(response.status, path).toBe(404);
    expect(response.headers.get("content-type"), path).toMatch(/^text\/plain/);
  }
});

test("dotfiles are never served", async () => {
  const response = await get(server.url, "/.env");
  expect(response.status).toBe(404);
  expect(await response.text()).not.toContain("SECRET");
});

test("unknown /api and /email paths are JSON 404s", async () => {
  for (const path of ["/api/nothing", "/email/other", "/api"]) {
    const response = await get(server.url, path);
    expect(response.status, path).toBe(404);
    expect(await response.json(), path).toEqual({ success: false, error: "Not found." });
  }
});

test("security headers: a strict CSP without unsafe-inline, unsafe-eval or upgrade-insecure-requests", async () => {
  const response = await get(server.url, "/");
  const csp = response.headers.get("content-security-policy") ?? "";
  const directives = new Map(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")] as const;
    }),
  );
  expect(directives.get("default-src")).toBe("'self'");
  expect(directives.get("script-src")).toBe("'self'");
  // The built pages' inline <style> blocks are allowed by their hashes, nothing else inline.
  const hash = createHash("sha256").update(INLINE_STYLE).digest("base64");
  expect(directives.get("style-src")).toBe(`'self' ${LIBRARY_STYLE_HASHES.join(" ")} 'sha256-${hash}'`);
  expect(directives.get("img-src")).toBe("'self' data:");
  expect(directives.get("connect-src")).toBe(
    "'self' https://notify.example.com https://firestore.googleapis.com",
  );
  expect(directives.get("worker-src")).toBe("'self'");
  expect(directives.get("manifest-src")).toBe("'self'");
  expect(directives.get("object-src")).toBe("'none'");
  expect(directives.get("frame-ancestors")).toBe("'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("upgrade-insecure-requests");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("permissions-policy")).toContain("camera=()");
  expect(response.headers.get("strict-transport-security")).toBeNull();

  const plain = await get(bare.url, "/");
  expect(plain.headers.get("content-security-policy")).toContain("connect-src 'self';");
});

test("a page's scripts and stylesheets carry only the headers a subresource reads; pages and the worker keep all", async () => {
  for (const [path, encoding] of [
    ["/assets/app-abc123.js", "br"],
    ["/assets/app-abc123.js", "identity"],
    ["/assets/style-def456.css", "identity"],
  ] as const) {
    const response = await get(server.url, path, { "accept-encoding": encoding });
    expect(response.status, path).toBe(200);
    expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cache-control"), path).toContain("immutable");
    if (path.endsWith(".js")) {
      expect(response.headers.get("content-encoding"), path).toBe(encoding === "br" ? "br" : null);
    }
    for (const name of [...DOCUMENT_ONLY_HEADERS, "etag", "last-modified"]) {
      expect(response.headers.get(name), `${path} ${name}`).toBeNull();
    }
  }
  // An SVG opened on its own is a document, hashed or not.
  for (const path of [
    "/",
    "/skills",
    "/sw.js",
    "/manifest.webmanifest",
    "/assets/logo-abc123.svg",
    "/no-such-page",
  ]) {
    const response = await get(server.url, path);
    for (const name of DOCUMENT_ONLY_HEADERS)
      expect(response.headers.get(name), `${path} ${name}`).not.toBeNull();
  }
  // A page is revalidated (no-cache): it keeps its validator.
  expect((await get(server.url, "/")).headers.get("etag")).not.toBeNull();
});

test("/healthz answers ok", async () => {
  const response = await get(server.url, "/healthz");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("without a built app the API still works and / answers 503", async () => {
  const missing = await startServer({ STATIC_DIR: `${await tempDir()}/dist` });
  try {
    const page = await get(missing.url, "/");
    expect(page.status).toBe(503);
    expect(await page.text()).toBe(NOT_BUILT_MESSAGE);
    expect((await get(missing.url, "/healthz")).status).toBe(200);
    const sent = await post(missing.url, NOTIFY_PATH, validMessage);
    expect(sent.status).toBe(200);
  } finally {
    await missing.close();
  }
});

test("the protocol's endpoints are API paths (JSON answers, never a page), and no page is", () => {
  for (const path of [API_MESSAGES, API_NOTIFY, `${API_NOTIFY}?x=1`, "/api", "/email/"]) {
    expect(API_PATH.test(path), path).toBe(true);
  }
  for (const path of [...appPaths, "/apiary", "/emails/x", "/x/api"])
    expect(API_PATH.test(path), path).toBe(false);
});
