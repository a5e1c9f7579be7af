import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { loadEnv, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { type ClientConfig, parseConfig } from "./src/config/parse-config";
import { appPaths, paths } from "./src/config/paths";
import { profile } from "./src/content/profile";
import { prerender } from "./src/prerender/plugin";
import type { PipelineConfig } from "./src/shared/contact/deps";

const ROOT = import.meta.dirname;
const pkg = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { version: string };

/* ── PWA ──────────────────────────────────────────────────────────────────────────────────────── */

/** The one icon every PNG icon is generated from (at build time, with sharp). */
const APP_ICON = "src/assets/icons/app-icon.svg";
/** Fills the maskable and Apple icons out to a full square: the middle of the icon's gradient. */
const ICON_BACKGROUND = "#1e44b1";
/** The installed app's title bar: the navigation bar's colour in the (default) light theme. */
const THEME_COLOR = "#e0e7ff";
/** The splash screen: the page background of the light theme. */
const BACKGROUND_COLOR = "#ffffff";

/** The PNG icons pwaAssets writes to dist/ (the plugin adds only public/ icons to the precache). */
const GENERATED_ICONS = "{pwa,maskable-icon,apple-touch-icon}-*.png";

/**
 * What the service worker precaches, besides the web manifest (which the plugin adds itself, as it
 * adds icons kept in public/: a glob for all png or webmanifest files would precache them twice,
 * and would take the screenshots along). No fonts ship today; woff2 is listed so a font added later
 * is offline at once.
 */
const PRECACHE_GLOBS = ["**/*.{js,css,html,svg,woff2}", GENERATED_ICONS];

/** Identifies a build: in the page (`<meta name="app-build">`) and in the worker (GET_VERSION). */
const buildId = process.env.BUILD_ID?.trim() || pkg.version;

/** Only the pipeline's fields are baked into the worker. */
function pipelineConfig(client: ClientConfig): PipelineConfig {
  const { notifyUrl, apiKey, firebase, firestoreEmulator } = client;
  return { notifyUrl, apiKey, firebase, firestoreEmulator };
}

/** A resume kept in public/ ("/resume.pdf") is precached, so it downloads offline too. */
function localResumeGlob(): string[] {
  if (!profile.resumeUrl.startsWith("/")) return [];
  const file = profile.resumeUrl.slice(1).split(/[?#]/)[0] ?? "";
  if (!existsSync(resolve(ROOT, "public", file))) {
    throw new Error(`profile.resumeUrl is "${profile.resumeUrl}" but public/${file} does not exist.`);
  }
  return [file];
}

/** Firebase and its own dependency `idb` (not `idb-keyval`, which the outbox uses). */
const FIREBASE_MODULE = /[\\/]node_modules[\\/](?:@firebase|firebase|idb)[\\/]/;

/**
 * Remembers the output chunks made only of Firebase modules. The page loads them on a submit when
 * Firebase is configured; without a Firebase configuration they are never loaded, so they are left
 * out of the precache.
 */
function firebaseChunks(): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  return {
    name: "portfolio:firebase-chunks",
    apply: "build",
    files,
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (
          output.type === "chunk" &&
          output.moduleIds.length > 0 &&
          output.moduleIds.every((id) => FIREBASE_MODULE.test(id))
        ) {
          files.add(output.fileName);
        }
      }
    },
  };
}

/** `<meta name="app-build" content="…">`: which build a page came from (support, update tests). */
function buildIdMeta(): Plugin {
  return {
    name: "portfolio:build-id",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { name: "app-build", content: buildId }, injectTo: "head" },
    ],
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
      define: {
        __PIPELINE_CONFIG__: JSON.stringify(pipeline),
        __BUILD_ID__: JSON.stringify(buildId),
        __APP_ROUTES__: JSON.stringify(appPaths),
      },
      build: { rolldownOptions: { output: { codeSplitting: false } } },
    }),
    async resolveId(source, importer, options) {
      if (pipeline.firebase || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === firestoreAdapter ? firestoreDisabled : null;
    },
  };
}

function pwa(client: ClientConfig) {
  const pipeline = pipelineConfig(client);
  const firebase = firebaseChunks();
  return [
    firebase,
    buildIdMeta(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      // The page registers /sw.js itself (src/features/pwa/service-worker.ts), lazily, in production.
      injectRegister: false,
      registerType: "prompt",
      manifest: {
        id: "/",
        name: profile.name,
        short_name: profile.shortName,
        description: profile.description,
        lang: "en",
        dir: "ltr",
        start_url: paths.home,
        scope: "/",
        display: "standalone",
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ["personalization", "productivity"],
        shortcuts: [
          { name: "Projects", short_name: "Projects", description: "See my projects", url: paths.projects },
          { name: "Contact", short_name: "Contact", description: "Send me a message", url: paths.contact },
        ],
        screenshots: [
          {
            src: "/screenshots/skills-wide.png",
            sizes: "1280x800",
            type: "image/png",
            form_factor: "wide",
            label: `The skills of ${profile.name}`,
          },
          {
            src: "/screenshots/projects-narrow.png",
            sizes: "390x844",
            type: "image/png",
            form_factor: "narrow",
            label: `The projects of ${profile.name}, on a phone`,
          },
        ],
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
        // The icon lives in src/assets, not in public/: name the generated files from there.
        integration: { publicDir: resolve(ROOT, "src/assets/icons") },
      },
      injectManifest: {
        globPatterns: [...PRECACHE_GLOBS, ...localResumeGlob()],
        rollupFormat: "iife",
        minify: true,
        sourcemap: false,
        buildPlugins: { vite: [workerBuild(pipeline)] },
        manifestTransforms: [
          async (entries) => ({
            manifest: pipeline.firebase ? entries : entries.filter((entry) => !firebase.files.has(entry.url)),
            warnings: [],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
  ];
}

/* ── Config ───────────────────────────────────────────────────────────────────────────────────── */

export default defineConfig(({ mode }) => {
  // Unit tests never touch the worker, the manifest, the icons or the prerendered pages. Other
  // modes validate the VITE_* variables once: a bad value fails the build with a clear sentence.
  const client = mode === "test" ? null : parseConfig(loadEnv(mode, ROOT, "VITE_"));
  return {
    plugins: [react(), ...(client ? [prerender(client.siteUrl), ...pwa(client)] : [])],
    build: {
      target: "es2022",
      sourcemap: false,
      // Read by the prerender step to preload each page's own chunk.
      manifest: true,
    },
    server: {
      // `npm run dev` serves the app only; run `npm run serve` alongside for the API.
      proxy: {
        "/api": "http://127.0.0.1:4173",
        "/email": "http://127.0.0.1:4173",
      },
    },
    preview: {
      port: Number(process.env.PORT ?? 4173),
      strictPort: true,
    },
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            environment: "jsdom",
            include: ["tests/unit/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/unit/setup.ts"],
            globals: true,
            // A file's first render compiles its lazy routes: seconds on a loaded 2-core machine.
            testTimeout: 20_000,
          },
        },
        {
          test: {
            name: "node",
            environment: "node",
            include: ["tests/shared/**/*.test.ts", "tests/server/**/*.test.ts"],
            globals: true,
            testTimeout: 20_000,
          },
        },
      ],
    },
  };
});
