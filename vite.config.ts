import react from "@vitejs/plugin-react";
import { loadEnv } from "vite";
import { defineConfig } from "vitest/config";
import { brandAssets } from "./build/brand.ts";
import { compileHints } from "./build/chunks.ts";
import { customMedia } from "./build/custom-media.ts";
import { imagePlugins } from "./build/images.ts";
import { scrollbarStyles } from "./build/library-styles.ts";
import { prerender } from "./build/prerender.ts";
import { pwa } from "./build/pwa.ts";
import { siteAddress } from "./build/site-address.ts";
import { DEFAULT_PORT, parseConfig } from "./src/config/parse-config.ts";
import { API_PATH, routes } from "./src/config/routes.ts";

const ROOT = import.meta.dirname;

/**
 * Node test files that need modules of their own. The others share one module graph per worker
 * (`isolate: false`): importing the server's modules again for every file was a fifth of the node
 * project's CPU time.
 */
const NODE_ISOLATED = [
  // The Firebase SDK's app registry: its app is named "contact", with this file's emulator.
  "tests/shared/firestore.test.ts",
  // A digest test failed in shared graphs: its 300 ms window, aligned to the clock, could end
  // before its first check on a loaded machine (now it starts early in a 1 s window). Kept apart.
  "tests/server/mail-queue.test.ts",
];

export default defineConfig(({ mode }) => {
  // Unit tests never touch the worker, the manifest, the icons or the prerendered pages. Other
  // modes validate the VITE_* variables once: a bad value fails the build with a clear sentence.
  const client = mode === "test" ? null : parseConfig(loadEnv(mode, ROOT, "VITE_"));
  // The server's PORT as the server reads it: the environment, else `.env` in the working directory.
  const port = Number(loadEnv(mode, process.cwd(), "PORT").PORT?.trim() || DEFAULT_PORT);
  const server = `http://127.0.0.1:${port}`;
  return {
    plugins: [
      react(),
      ...imagePlugins(),
      compileHints(),
      ...(client
        ? [
            siteAddress(client.siteUrl),
            prerender(client.siteUrl),
            brandAssets(client.siteUrl),
            ...pwa(client),
          ]
        : []),
    ],
    // The breakpoints and the reduced-motion query, named once (src/config/media.ts); the scrollbar's
    // stylesheet, changed where it restyled the whole page (build/library-styles.ts).
    css: { postcss: { plugins: [...customMedia(), scrollbarStyles()] } },
    define: {
      // The parsed configuration, so the bundle carries its values and not the parser
      // (src/config/env.ts). Unit tests have no build and parse the variables themselves.
      __CLIENT_CONFIG__: client ? JSON.stringify(client) : "undefined",
    },
    build: {
      target: "es2022",
      // Every browser the app supports has <link rel="modulepreload">; the polyfill cost every page ~0.5 kB.
      modulePreload: { polyfill: false },
      sourcemap: false,
      // Read by the prerender step: each page's boot attributes and inlined stylesheets.
      manifest: true,
      rolldownOptions: {
        // lottie-web evaluates the expressions an animation may carry; ours carry none, so its
        // direct `eval` is never reached. Every other warning still prints.
        onLog: (level, log, handle) =>
          log.code === "EVAL" && log.id?.includes("/lottie-web/") ? undefined : handle(level, log),
        // Timing warnings say how busy the machine was, not what to fix.
        checks: { bundlerTimings: false },
      },
    },
    server: {
      // `npm run dev` serves the app only; run `npm run serve` alongside for the API (on PORT, like
      // `npm start`). The server's JSON endpoints go to it, and so does the no-JS form's POST.
      proxy: {
        [API_PATH.source]: server,
        [routes.contact.path]: {
          target: server,
          bypass: (req) => (req.method === "POST" ? undefined : req.url),
        },
      },
    },
    preview: { port, strictPort: true },
    test: {
      // More workers than cores: the server suites mostly wait on child servers, sockets and timers
      // (Vitest's default, one fewer than the cores, runs them one file at a time on two cores).
      maxWorkers: 4,
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            environment: "jsdom",
            include: ["tests/unit/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/unit/setup.ts"],
            // One jsdom per worker, not per file (setting one up cost more than most files' tests):
            // each file still imports the app's modules afresh; packages and the DOM carry over, and
            // the setup file's afterEach empties the DOM and the app's state.
            isolate: false,
            globals: true,
            // A file's first render compiles its lazy routes: seconds on a loaded 2-core machine.
            testTimeout: 20_000,
          },
        },
        ...[true, false].map((isolate) => ({
          test: {
            name: isolate ? "node" : "node-shared",
            environment: "node",
            include: isolate
              ? NODE_ISOLATED
              : ["tests/shared/**/*.test.ts", "tests/server/**/*.test.ts", "tests/build/**/*.test.ts"],
            exclude: isolate ? [] : NODE_ISOLATED,
            isolate,
            globalSetup: ["tests/server/child-bundles.ts"],
            globals: true,
            // Child servers start beside the builds in `npm test`: on two busy cores a start can take
            // tens of seconds, a suite's first mail a few (expect.poll gives up after 1 s otherwise),
            // and a hook's first import of the worker or a server more than the 10 s default.
            testTimeout: 60_000,
            hookTimeout: 60_000,
            expect: { poll: { timeout: 15_000 } },
          },
        })),
      ],
    },
  };
});
