/**
 * The installable app: the web app manifest, the icons generated from the app icon, the head tags
 * iOS reads, and the service worker build (vite-plugin-pwa in injectManifest mode).
 */
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import pkg from "../package.json" with { type: "json" };
import type { ClientConfig } from "../src/config/parse-config";
import { routes } from "../src/config/routes.ts";
import { appText } from "../src/content/app.ts";
import { profile } from "../src/content/profile.ts";
import type { PipelineConfig } from "../src/shared/contact/deps";
import { canonicalLang, directionOf, inLanguage } from "../src/shared/language.ts";
import { appIconFile, localResume, manifestScreenshots, shortcutIconFile, token } from "./brand.ts";

const ROOT = resolve(import.meta.dirname, "..");

const APP_ICON = appIconFile();
/** Fills the maskable and Apple icons out to a full square: the monogram's own accent. */
const ICON_BACKGROUND = token("color-accent");
/** The installed app's title bar and splash screen: the page background of the (default) light theme. */
const THEME_COLOR = token("color-bg");

/**
 * What the service worker precaches besides the manifest and public/'s icons, which the plugin adds
 * itself (a glob for every png would precache them twice and take the screenshots along).
 */
const PRECACHE_GLOBS = ["**/*.{js,css,html,svg,woff2,avif}", "{pwa,maskable-icon,apple-touch-icon}-*.png"];

/** Firebase and its own dependency `idb` (not `idb-keyval`, which the outbox uses). */
const FIREBASE_MODULE = /[\\/]node_modules[\\/](?:@firebase|firebase|idb)[\\/]/;

/**
 * `<meta name="app-build">`: which build a page came from (support, update tests). Then what Safari
 * on iOS reads when the page is added to the Home Screen (it ignores most of the manifest): the
 * launcher's title, a full-screen app with the system's status bar, plus the standard
 * `mobile-web-app-capable` that Chromium asks for next to Apple's. The icon is the
 * `apple-touch-icon` link in index.html.
 */
function headMeta(): Plugin {
  const tags = {
    "app-build": process.env.BUILD_ID?.trim() || pkg.version,
    "mobile-web-app-capable": "yes",
    "apple-mobile-web-app-capable": "yes",
    "apple-mobile-web-app-title": profile.shortName,
    "apple-mobile-web-app-status-bar-style": "default",
  };
  return {
    name: "portfolio:head-meta",
    transformIndexHtml: (html) => ({
      // Every page's language and direction from the content, in place of index.html's `lang`
      // (the prerendered pages share this template).
      html: inLanguage(html, profile.lang),
      tags: Object.entries(tags).map(([name, content]) => ({
        tag: "meta",
        attrs: { name, content },
        injectTo: "head",
      })),
    }),
  };
}

/**
 * The worker bundle (`sw/sw.ts` → `dist/sw.js`): one classic script with every dynamic import
 * inlined (the HTML spec forbids `import()` in a service worker), the build's configuration baked
 * in, and, without a Firebase configuration, the Firestore adapter replaced by a stand-in so
 * Firebase is not bundled at all.
 */
function workerBuild(pipeline: PipelineConfig): Plugin {
  const firestoreAdapter = resolve(ROOT, "src/shared/contact/firestore.ts");
  const firestoreDisabled = resolve(ROOT, "sw/firestore-disabled.ts");
  return {
    name: "portfolio:worker-build",
    enforce: "pre",
    config: () => ({
      define: { __PIPELINE_CONFIG__: JSON.stringify(pipeline) },
      build: { rolldownOptions: { output: { codeSplitting: false } } },
    }),
    async resolveId(source, importer, options) {
      if (pipeline.firebase || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === firestoreAdapter ? firestoreDisabled : null;
    },
  };
}

export function pwa(client: ClientConfig) {
  // Only the pipeline's fields are baked into the worker.
  const { siteUrl: _, ...pipeline } = client;
  const resume = localResume();
  // The chunks made only of Firebase modules: without a Firebase configuration the page never loads
  // them, so they are left out of the precache.
  const firebaseFiles = new Set<string>();
  return [
    {
      name: "portfolio:firebase-chunks",
      apply: "build",
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (
            output.type === "chunk" &&
            output.moduleIds.length > 0 &&
            output.moduleIds.every((id) => FIREBASE_MODULE.test(id))
          ) {
            firebaseFiles.add(output.fileName);
          }
        }
      },
    } satisfies Plugin,
    headMeta(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      // The page registers /sw.js itself (src/features/pwa/service-worker.ts), lazily, in production.
      injectRegister: false,
      manifest: {
        // One identity for the installed app whatever page it was installed from.
        id: "/",
        name: profile.name,
        short_name: profile.shortName,
        description: profile.description,
        lang: canonicalLang(profile.lang),
        dir: directionOf(profile.lang),
        start_url: routes.home.path,
        scope: "/",
        display: "standalone",
        // Browsers that know neither fall back to `display`; minimal-ui keeps Back and the address
        // where standalone is not offered.
        display_override: ["standalone", "minimal-ui"],
        // A shortcut or a link opened while the app runs reuses its window instead of a second one.
        launch_handler: { client_mode: ["navigate-existing", "auto"] },
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        // Where store listings file it: the owner's choice (src/content/app.ts).
        categories: [...appText.categories],
        shortcuts: appText.shortcuts.map(({ route, name, shortName, description }) => ({
          name,
          short_name: shortName,
          description,
          url: routes[route].path,
          icons: [{ src: `/${shortcutIconFile(routes[route].path)}`, sizes: "96x96", type: "image/png" }],
        })),
        screenshots: manifestScreenshots(),
      },
      // Icons generated from APP_ICON at build time by @vite-pwa/assets-generator; the manifest's
      // `icons` and the head's apple-touch-icon and theme-color come from it.
      pwaAssets: {
        config: false,
        image: APP_ICON,
        preset: {
          transparent: { sizes: [192, 512], padding: 0, favicons: [] },
          maskable: { sizes: [192, 512], padding: 0, resizeOptions: { background: ICON_BACKGROUND } },
          apple: { sizes: [180], padding: 0, resizeOptions: { background: ICON_BACKGROUND } },
          // 256-colour palette PNGs: a third of the size, no visible difference on this icon.
          png: { compressionLevel: 9, palette: true, quality: 100 },
        },
        overrideManifestIcons: true,
        injectThemeColor: true,
        // index.html links the favicon (public/favicon.svg) and the apple-touch-icon itself: the
        // generated links would point at an SVG that is not in public/.
        includeHtmlHeadLinks: false,
        // The icon is not in public/: name the generated files from its own folder.
        integration: { publicDir: dirname(APP_ICON) },
      },
      injectManifest: {
        // A résumé the site serves (the owner's or the one the build makes) opens offline.
        globPatterns: resume === null ? PRECACHE_GLOBS : [...PRECACHE_GLOBS, resume],
        rollupFormat: "iife",
        minify: true,
        buildPlugins: { vite: [workerBuild(pipeline)] },
        manifestTransforms: [
          async (entries) => ({
            manifest: pipeline.firebase ? entries : entries.filter((entry) => !firebaseFiles.has(entry.url)),
            warnings: [],
          }),
        ],
      },
    }),
  ];
}
