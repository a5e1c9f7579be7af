/**
 * The built app (STATIC_DIR): files with cache headers that fit Vite's output, every app route
 * answered with its prerendered page or the shell, and a 404 page for unknown paths.
 */
import { stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { appPaths } from "../src/config/routes";
import { isApiPath, MESSAGES, sendError } from "./errors";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const NO_CACHE = "no-cache";
export const NOT_BUILT_MESSAGE = "The app is not built yet: run `npm run build`, then restart the server.";

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Hashed build output under assets/ never changes; everything else is revalidated. */
export function cacheControlFor(root: string, file: string): string {
  const path = relative(root, file).split(sep).join("/");
  return path.startsWith("assets/") ? IMMUTABLE : NO_CACHE;
}

/** "/skills" and "/skills/" for every app route ("/" once). */
function routeVariants(path: string): string[] {
  return path === "/" ? ["/"] : [path, `${path}/`];
}

export async function registerStaticSite(app: FastifyInstance, root: string): Promise<void> {
  const built = await isFile(join(root, "index.html"));
  if (!built) app.log.warn(`${root}/index.html not found: ${NOT_BUILT_MESSAGE}`);

  if (built) {
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      dotfiles: "ignore",
      setHeaders: (reply, file) => {
        reply.header("cache-control", cacheControlFor(root, file));
      },
    });
  }

  for (const path of appPaths) {
    // A prerendered <route>/index.html when the build has one, else the app shell.
    const page = path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
    for (const url of routeVariants(path)) {
      app.get(url, async (_request, reply) => {
        if (!built) {
          return reply
            .code(503)
            .header("cache-control", "no-store")
            .type("text/plain; charset=utf-8")
            .send(NOT_BUILT_MESSAGE);
        }
        return reply.sendFile((await isFile(join(root, page))) ? page : "index.html");
      });
    }
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (isApiPath(pathname) || !built || !wantsPage || extname(pathname) !== "") {
      return sendError(request, reply, 404, MESSAGES.notFound);
    }
    // The app renders its not-found page from the shell; a prerendered 404.html is preferred.
    const page = (await isFile(join(root, "404.html"))) ? "404.html" : "index.html";
    return reply.code(404).sendFile(page, { etag: false, lastModified: false });
  });
}
