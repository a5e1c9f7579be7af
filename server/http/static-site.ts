/**
 * The built app (STATIC_DIR): files with cache headers that fit Vite's output, every app route
 * answered with its prerendered page or the shell, and a 404 page for unknown paths.
 */
import { readdirSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_PATH, pageFile, routeIds, routes } from "../../src/config/routes";
import { DOCUMENT_ONLY_HEADERS } from "../../src/config/security-headers";
import { MESSAGES, sendError } from "./errors";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache";
export const NOT_BUILT_MESSAGE = "The app is not built yet: run `npm run build`, then restart the server.";

/**
 * The notify address and key compiled into the built page (the configuration object `vite build`
 * writes into a chunk under assets/); undefined when no chunk holds them.
 */
export function builtPageSettings(root: string): { serverUrl: string; apiKey: string } | undefined {
  const assets = join(root, "assets");
  let names: string[];
  try {
    names = readdirSync(assets).filter((name) => name.endsWith(".js"));
  } catch {
    return undefined;
  }
  for (const name of names) {
    const match = /"?serverUrl"?:(["'`])(.*?)\1,"?apiKey"?:(["'`])(.*?)\3/.exec(
      readFileSync(join(assets, name), "utf8"),
    );
    if (match !== null) return { serverUrl: match[2] ?? "", apiKey: match[4] ?? "" };
  }
  return undefined;
}

const isFile = (path: string) =>
  stat(path).then(
    (info) => info.isFile(),
    () => false,
  );

const builtPath = (root: string, file: string) => relative(root, file).split(sep).join("/");

/** Hashed build output under assets/ never changes; everything else is revalidated. */
export function cacheControlFor(root: string, file: string): string {
  return builtPath(root, file).startsWith("assets/") ? IMMUTABLE : NO_CACHE;
}

/**
 * A script or stylesheet that only a page loads: the build's chunks under assets/ (or their
 * precompressed copies). The service worker (sw.js, at the root) is not one: its CSP applies to it.
 */
function isPageSubresource(root: string, file: string): boolean {
  const path = builtPath(root, file);
  return path.startsWith("assets/") && /\.(?:js|css)(?:\.br|\.gz)?$/.test(path);
}

export async function registerStaticSite(app: FastifyInstance, root: string): Promise<void> {
  const built = await isFile(join(root, pageFile("home")));
  if (!built) app.log.warn(`${root}/index.html not found: ${NOT_BUILT_MESSAGE}`);

  if (built) {
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      dotfiles: "ignore",
      // The build writes .br and .gz next to each compressible file: sent as they are.
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header("cache-control", cacheControlFor(root, file));
        if (isPageSubresource(root, file)) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          // Immutable and hashed: never revalidated, so no validators either.
          reply.removeHeader("etag");
          reply.removeHeader("last-modified");
        }
      },
    });
  }

  for (const id of routeIds) {
    const { path } = routes[id];
    if (path === null) continue;
    // A prerendered <route>/index.html when the build has one, else the app shell.
    const page = pageFile(id);
    for (const url of path === "/" ? ["/"] : [path, `${path}/`]) {
      app.get(url, async (_request, reply) => {
        if (!built) {
          return reply
            .code(503)
            .header("cache-control", "no-store")
            .type("text/plain; charset=utf-8")
            .send(NOT_BUILT_MESSAGE);
        }
        return reply.sendFile((await isFile(join(root, page))) ? page : pageFile("home"));
      });
    }
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (request.method === "OPTIONS") {
      // Not a CORS preflight for an allowed origin (those are answered by the API's CORS).
      return reply
        .code(204)
        .header("allow", API_PATH.test(pathname) ? "POST, OPTIONS" : "GET, HEAD, OPTIONS")
        .send();
    }
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (API_PATH.test(pathname) || !built || !wantsPage || extname(pathname) !== "") {
      return sendError(request, reply, 404, MESSAGES.notFound);
    }
    // The app renders its not-found page from the shell; a prerendered 404.html is preferred.
    const page = pageFile((await isFile(join(root, pageFile("notFound")))) ? "notFound" : "home");
    return reply.code(404).sendFile(page, { etag: false, lastModified: false });
  });
}
