import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Manifest, type ManifestChunk, type Plugin } from "vite";
import { renderPageHead, renderRobots, renderSitemap } from "../src/app/page-head.ts";
import { pageFile, pageModule, renderUrl, routeIds } from "../src/config/routes.ts";
import { BOOT_SCRIPT } from "../src/shared/boot-script.ts";
import { imagePlugins } from "./images.ts";
import { lottieDisplayStyleTag } from "./library-styles.ts";

/** The React app's module, which the boot module (the build's entry) imports on need. */
const APP_MODULE = "src/main.tsx";

/** What `src/prerender/entry-server.tsx` exports (loaded from its SSR build, so typed here). */
type RenderPage = (url: string) => Promise<{ html: string; routeIds: string[] }>;

/**
 * A preload per face of `css` without a `unicode-range` (src/app/fonts.css's Latin faces, which
 * every page draws above the fold): fetched with the HTML, not once the first layout finds them,
 * so that text swaps to them sooner on a slow network, and a first paint never races their fetch
 * (Lighthouse's simulated LCP counted them or not by that race: docs/decisions.md). Faces of
 * other subsets load only if the page has their characters, so they are not preloaded.
 */
function fontPreloads(css: string[]): string[] {
  return [...css.join("\n").matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, rule = ""]) => {
    const href = /url\(\s*["']?([^"')]+\.woff2)["']?\s*\)/.exec(rule)?.[1];
    return href && !/unicode-range/.test(rule)
      ? [`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />`]
      : [];
  });
}

/** The chunks `keys` need, depth first; through the entry only with `pastEntry` (its CSS is inlined apart). */
function chunksOf(manifest: Manifest, keys: string[], pastEntry: boolean): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string): ManifestChunk[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key) || (chunk.isEntry && !pastEntry)) return [];
    seen.add(key);
    return [chunk, ...(chunk.imports ?? []).flatMap(visit)];
  };
  return keys.flatMap(visit);
}

/**
 * After the client build, renders every page to static HTML (`dist/<route>/index.html` and
 * `dist/404.html`) with its own head tags, inlines the one stylesheet, preloads the route's
 * chunk, and writes `sitemap.xml` and the `Sitemap:` line of `robots.txt` (both only with a
 * public address).
 */
export function prerender(siteUrl: string | null): Plugin {
  return {
    name: "portfolio:prerender",
    apply: "build",
    // writeBundle comes before closeBundle, where the service worker's precache list is made,
    // so the pages written here are part of it.
    writeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const config = this.environment.config;
        if (config.build.ssr) return;
        const root = config.root;
        const outDir = resolve(root, config.build.outDir);
        const ssrDir = resolve(root, "node_modules/.prerender");

        await build({
          root,
          mode: config.mode,
          configFile: false,
          logLevel: "warn",
          // The same build-time constants as the client (the parsed configuration).
          define: config.define,
          // The image plugins name the same files as in the client build (same sources).
          plugins: [react(), ...imagePlugins()],
          build: {
            ssr: resolve(root, "src/prerender/entry-server.tsx"),
            outDir: ssrDir,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: "entry-server.mjs" } },
          },
        });
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, "entry-server.mjs")).href)) as {
          renderPage: RenderPage;
        };

        const manifest = JSON.parse(await readFile(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
        const template = await readFile(join(outDir, "index.html"), "utf8");
        const [stylesheet, entryCss = ""] =
          /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(template) ?? [];
        const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(template)?.[1];
        if (!entry) throw new Error("prerender: the built index.html has no module entry script");
        const preloads = new Set(
          [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
        );
        // vite-plugin-pwa's manifest link, for the boot script's `data-manifest`.
        const [manifestLink, manifestHref] = /<link rel="manifest" href="([^"]+)"[^>]*>/.exec(template) ?? [];
        if (!manifestLink) throw new Error("prerender: the built index.html links no web app manifest");

        // A first pass loads every lazy module. Rendered again, nothing suspends, so React writes
        // plain HTML with no inline <script> to complete a late boundary (the CSP forbids those);
        // a page that still has one fails the build.
        for (const id of routeIds) await renderPage(renderUrl(id));
        // Read once from the installed package, written into every page's head.
        const lottieStyle = lottieDisplayStyleTag();
        for (const id of routeIds) {
          const page = pageModule(id);
          const rendered = await renderPage(renderUrl(id));
          const body = rendered.html;
          // The router must have rendered this route: a path the table and the router disagree
          // on would otherwise be written out as the wrong page.
          if (rendered.routeIds.at(-1) !== id) {
            throw new Error(
              `prerender: ${renderUrl(id)} rendered route ${rendered.routeIds.join(" > ")}, not ${id}`,
            );
          }
          if (!manifest[page]) {
            throw new Error(`prerender: route ${id} has no page module ${page} in the build`);
          }
          const script = body.search(/<script/i);
          if (script >= 0) {
            throw new Error(
              `prerender: ${pageFile(id)} has an inline script: ${body.slice(script, script + 120)}`,
            );
          }
          // The boot module (the entry) and what it imports are added after the first paint; the
          // React app and this page's module when the visitor needs React (src/boot.ts).
          const app = new Set(
            chunksOf(manifest, [APP_MODULE, page], true).flatMap((c) => (c.isEntry ? [] : `/${c.file}`)),
          );
          let html = template
            // Nothing but HTML and CSS before the first paint: the module entry and its chunks
            // are requested by the boot script once the browser reports the first paint.
            .replace(/\s*<script type="module"[^>]*><\/script>/, "")
            .replaceAll(/\s*<link rel="modulepreload"[^>]*>/g, "")
            // The boot module links the manifest after the load (src/boot.ts); a browser without
            // scripts reads it here.
            .replace(manifestLink, () => `<noscript>${manifestLink}</noscript>`)
            .replace(/<title>[\s\S]*?<\/title>/, renderPageHead(id, siteUrl))
            .replace(/\s*<meta name="description"[^>]*>/, "")
            .replace(
              '<div id="root"></div>',
              () =>
                `<div id="root">${body}</div>\n    <script data-entry="${entry}" data-preload="${[...preloads].join(" ")}" data-app="${[...app].join(" ")}" data-manifest="${manifestHref}">${BOOT_SCRIPT}</script>`,
            );
          // The page's own stylesheets too (e.g. the contact form's) and the React app's (the
          // navigation bar's, the switch's): without them the page would restyle, and shift, before
          // React. A disabled link per inlined file keeps Vite's preload helper from fetching it again
          // when a chunk that needs it loads (docs/decisions.md).
          if (stylesheet) {
            const routeCss = new Set(
              chunksOf(manifest, [APP_MODULE, page], false).flatMap((c) => c.css ?? []),
            );
            const inlined = [entryCss, ...[...routeCss].map((file) => `/${file}`)];
            const styles = await Promise.all(inlined.map((href) => readFile(join(outDir, href), "utf8")));
            const links = inlined.map((href) => `<link rel="stylesheet" href="${href}" disabled />`);
            html = html.replace(stylesheet, () =>
              [...fontPreloads(styles), lottieStyle, `<style>${styles.join("\n")}</style>`, ...links].join(
                "\n    ",
              ),
            );
          }
          if (!html.includes(body)) throw new Error(`prerender: index.html has no <div id="root"></div>`);
          const file = join(outDir, pageFile(id));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, html);
        }

        // Without a public address there is no sitemap: its URLs must be absolute.
        if (siteUrl) await writeFile(join(outDir, "sitemap.xml"), renderSitemap(siteUrl));
        const robots = await readFile(join(outDir, "robots.txt"), "utf8").catch(
          () => "User-agent: *\nAllow: /\n",
        );
        await writeFile(join(outDir, "robots.txt"), renderRobots(robots, siteUrl));
        await rm(ssrDir, { recursive: true, force: true });
      },
    },
  };
}
