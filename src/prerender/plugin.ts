import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { pageHead, renderHeadTags } from "../app/page-head";
import { type PageKey, pages } from "../content/pages";
import { BOOT_SCRIPT } from "../shared/boot-script";

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** Where each page's HTML goes in `dist/`, and which route module it shows. */
const OUTPUTS: Record<PageKey, { file: string; module: string }> = {
  home: { file: "index.html", module: "src/app/routes/home.tsx" },
  skills: { file: "skills/index.html", module: "src/app/routes/skills.tsx" },
  projects: { file: "project/index.html", module: "src/app/routes/projects.tsx" },
  contact: { file: "contact/index.html", module: "src/app/routes/contact.tsx" },
  notFound: { file: "404.html", module: "src/app/routes/not-found.tsx" },
};

/** The URL the not-found page is rendered at (any path the router does not know). */
const NOT_FOUND_URL = "/404";

/** The stylesheets of a module's own chunks (the entry's is inlined separately). */
function chunkCss(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return [];
  seen.add(key);
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((child) => chunkCss(manifest, child, seen))];
}

/** Every JS file a module needs, preloaded by the boot script (the entry is loaded anyway). */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const own = chunk.isEntry ? [] : [chunk.file];
  return [...own, ...(chunk.imports ?? []).flatMap((child) => chunkFiles(manifest, child, seen))];
}

/** The entry's URL and every chunk to preload with it: the template's own preloads, then the page's. */
function bootAttributes(template: string, pageChunks: string[]): { entry: string; preloads: string[] } {
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(template)?.[1];
  if (!entry) throw new Error("prerender: the built index.html has no module entry script");
  const own = [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return { entry, preloads: [...new Set([...own, ...pageChunks.map((file) => `/${file}`)])] };
}

/**
 * After the client build, renders every page to static HTML (`dist/<route>/index.html` and
 * `dist/404.html`) with its own head tags, inlines the one stylesheet, preloads the route's
 * chunk, and writes `sitemap.xml` and the `Sitemap:` line of `robots.txt`.
 */
export function prerender(siteUrl: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: "portfolio:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle comes before closeBundle, where the service worker's precache list is made,
    // so the pages written here are part of it.
    writeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const root = config.root;
        const outDir = resolve(root, config.build.outDir);
        const ssrDir = resolve(root, "node_modules/.prerender");

        await build({
          root,
          mode: config.mode,
          configFile: false,
          logLevel: "warn",
          plugins: [react()],
          build: {
            ssr: resolve(root, "src/prerender/entry-server.tsx"),
            outDir: ssrDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: "entry-server.mjs" } },
          },
        });
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, "entry-server.mjs")).href)) as {
          renderPage: (url: string) => Promise<string>;
        };

        const manifest = JSON.parse(await readFile(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
        const template = await readFile(join(outDir, "index.html"), "utf8");
        const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(template);
        const css = stylesheet?.[1] ? await readFile(join(outDir, stylesheet[1]), "utf8") : "";

        const entries = Object.entries(OUTPUTS) as Array<[PageKey, (typeof OUTPUTS)[PageKey]]>;
        // A first pass loads every lazy module. Rendered again, nothing suspends, so React writes
        // plain HTML with no inline <script> to complete a late boundary (the CSP forbids those);
        // a page that still has one fails the build.
        for (const [key] of entries) await renderPage(pages[key].path ?? NOT_FOUND_URL);
        for (const [key, output] of entries) {
          const page = pages[key];
          const body = await renderPage(page.path ?? NOT_FOUND_URL);
          const script = body.search(/<script/i);
          if (script >= 0) {
            throw new Error(
              `prerender: ${output.file} has an inline script: ${body.slice(script, script + 120)}`,
            );
          }
          const { entry, preloads } = bootAttributes(template, chunkFiles(manifest, output.module));
          let html = template
            // Nothing but HTML and CSS before the first paint: the module entry and its chunks
            // are requested by the boot script once the browser reports the first paint.
            .replace(/\s*<script type="module"[^>]*><\/script>/, "")
            .replaceAll(/\s*<link rel="modulepreload"[^>]*>/g, "")
            .replace(/<title>[\s\S]*?<\/title>/, renderHeadTags(pageHead(key, siteUrl)))
            .replace(/\s*<meta name="description"[^>]*>/, "")
            .replace(
              '<div id="root"></div>',
              () =>
                `<div id="root">${body}</div>\n    <script data-entry="${entry}" data-preload="${preloads.join(" ")}">${BOOT_SCRIPT}</script>`,
            );
          // The page's own stylesheets too (e.g. the contact form's): without them it would
          // restyle, and shift, when its chunk arrives.
          const routeCss = await Promise.all(
            [...new Set(chunkCss(manifest, output.module))].map((file) =>
              readFile(join(outDir, file), "utf8"),
            ),
          );
          const styles = [css, ...routeCss].join("\n");
          if (stylesheet) html = html.replace(stylesheet[0], () => `<style>${styles}</style>`);
          if (!html.includes(body)) throw new Error(`prerender: index.html has no <div id="root"></div>`);
          const file = join(outDir, output.file);
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, html);
        }

        const urls = Object.values(pages)
          .flatMap((page) => (page.path === null ? [] : [new URL(page.path, siteUrl).href]))
          .map((url) => `  <url><loc>${url}</loc></url>`);
        await writeFile(
          join(outDir, "sitemap.xml"),
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
        );
        const robots = await readFile(join(outDir, "robots.txt"), "utf8").catch(
          () => "User-agent: *\nAllow: /\n",
        );
        await writeFile(
          join(outDir, "robots.txt"),
          `${robots.replace(/^Sitemap:.*$/gm, "").trimEnd()}\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n`,
        );
        await rm(ssrDir, { recursive: true, force: true });
      },
    },
  };
}
