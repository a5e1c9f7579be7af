/**
 * Import boundaries (docs/architecture.md, "Import rules"), checked by `npm run lint`.
 *
 * Layers, lowest first: src/shared (page + worker + server code: no DOM, no React), then
 * src/content, src/config (which reads content), src/state, src/components, then src/features (never one another), then
 * src/app. sw/ and server/ reach into src/ only for src/shared and src/config.
 *
 * TypeScript 7 has no JavaScript compiler API, so dependency-cruiser reads the sources after Babel
 * has stripped their types (.ci/babel.config.json). Babel drops `import type`, so these rules see
 * the imports that exist at run time; cycles through types alone are Biome's noImportCycles.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes two modules one: move what both need into a third.",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-is-the-base",
      severity: "error",
      comment: "src/shared runs in the page, the worker and the server: it imports only itself.",
      from: { path: "^src/shared/" },
      to: { path: "^(src/(?!shared/)|sw/|server/|tests/)" },
    },
    {
      name: "below-features",
      severity: "error",
      comment: "config, content, state and components sit below the features and the app shell.",
      from: { path: "^src/(config|content|state|components)/" },
      to: { path: "^src/(features|app)/" },
    },
    {
      name: "content-below-config",
      severity: "error",
      comment: "The owner's content is data: the route table (config) reads it, never the other way.",
      from: { path: "^src/content/" },
      to: { path: "^src/config/" },
    },
    {
      name: "features-not-into-app",
      severity: "error",
      comment: "Imports flow shared → features → app, never back.",
      from: { path: "^src/features/" },
      to: { path: "^src/app/" },
    },
    {
      name: "features-not-into-each-other",
      severity: "error",
      comment: "A feature never imports another one; what both need goes down a layer.",
      from: { path: "^src/features/([^/]+)/" },
      to: { path: "^src/features/", pathNot: "^src/features/$1/" },
    },
    {
      name: "worker-only-shared-and-config",
      severity: "error",
      comment: "The service worker takes from src/ only what runs outside a page.",
      from: { path: "^sw/" },
      to: { path: "^src/", pathNot: "^src/(shared|config)/" },
    },
    {
      name: "server-only-shared-and-config",
      severity: "error",
      comment:
        "The server takes from src/ only src/shared and src/config, plus the owner's profile for its mail defaults (docs/decisions.md) and the interface's words for its pages.",
      from: { path: "^server/" },
      to: { path: "^src/", pathNot: "^src/(shared|config)/|^src/content/(profile|interface)\\.ts$" },
    },
    {
      name: "build-not-into-server",
      severity: "error",
      comment:
        "The build (vite.config.ts, build/) makes the site from src/ and takes its settings from src/config; the server is a separate program it never runs.",
      from: { path: "^(vite\\.config\\.ts$|build/)" },
      to: { path: "^server/" },
    },
    {
      name: "nothing-at-run-time-imports-build",
      severity: "error",
      comment:
        "build/ is build-time code. The one exception is the inline-block hashing the server repeats over STATIC_DIR at start.",
      from: { path: "^(src|sw|server)/" },
      to: { path: "^build/", pathNot: "^build/csp-hashes\\.ts$" },
    },
    {
      name: "product-not-into-tests",
      severity: "error",
      comment: "Nothing that ships imports test code.",
      from: { path: "^(src|sw|server|build)/" },
      to: { path: "^tests/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "A relative import that resolves to nothing is a typo (packages: tsc and knip check those).",
      from: {},
      to: { couldNotResolve: true, path: "^\\.", pathNot: "\\?" },
    },
  ],
  options: {
    babelConfig: { fileName: ".ci/babel.config.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|dist-[^/]*|node_modules|test-results|bench/results)/" },
    moduleSystems: ["es6", "cjs"],
    detectJSDocImports: false,
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mjs", ".js", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
