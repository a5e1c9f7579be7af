/**
 * How the client build splits into chunks, where rolldown's automatic splitting is not enough,
 * and which chunks V8 compiles eagerly.
 *
 * What the browser adds after hydration and after the load event (the notices, the install help,
 * the service worker's bridge, the outbox check) is a dozen modules of a few hundred bytes to
 * 5 kB. Split automatically, that is a dozen requests during the load, each with its headers and
 * its own task; grouped, it is one (docs/requirements.md R-13.2). Its components' stylesheets are
 * imported by their slots, in the first load, instead: a stylesheet that arrives with a chunk
 * after hydration restyles the whole page, and rolldown wrote a re-export file of a few bytes for
 * each lazily loaded component only to carry its CSS.
 *
 * None of these modules is in a page's first load, and the outbox pipeline (outbox-client, the
 * shared outbox, deliver) stays out: it loads only when messages wait or a submit queues one.
 * `budget.spec.ts` checks both. A module added to the list must do nothing at its top level but
 * define things (constants, functions, a store): a group runs all of its modules as soon as any
 * one of them is imported.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, Rolldown } from "vite";

const AFTER_LOAD_MODULES = [
  "src/features/pwa/pwa-notices.tsx",
  "src/features/pwa/pwa-store.ts",
  "src/features/pwa/use-online.ts",
  "src/features/pwa/offline-ready.ts",
  "src/features/pwa/install-help.ts",
  "src/features/pwa/service-worker.ts",
  "src/shared/pwa/messages.ts",
  "src/features/contact/outbox.ts",
  "src/features/contact/outbox-view.tsx",
  "src/shared/contact/outbox-channel.ts",
  "node_modules/workbox-window/",
];

/**
 * What the contact page's first load shares with chunks loaded later: the dialog (with the
 * install help, the share dialog and the refused list) and the field limits (with the outbox
 * pipeline). Split automatically, they are two chunks of 0.2 and 1.2 kB, each one more request in
 * the contact page's load; grouped, they are one.
 */
const CONTACT_SHARED_MODULES = ["src/components/modal.tsx", "src/shared/contact/protocol.ts"];

const inList = (modules: readonly string[]) => (id: string) => {
  const path = id.replaceAll("\\", "/");
  return modules.some((module) => path.includes(`/${module}`));
};

export const clientChunks: Rolldown.CodeSplittingOptions = {
  groups: [
    {
      name: "after-load",
      test: inList(AFTER_LOAD_MODULES),
      // Only the modules listed: what they import from the first load (React, zustand, the JSX
      // runtime, the content) stays where the first load already has it.
      includeDependenciesRecursively: false,
    },
    {
      name: "contact-shared",
      test: inList(CONTACT_SHARED_MODULES),
      includeDependenciesRecursively: false,
    },
  ],
};

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Marks the chunks a page runs as soon as it starts (the entry, what it imports, and the route
 * pages) with V8's compile hint. Without it V8 compiles React DOM's and the router's functions
 * one by one on the main thread as hydration first calls them, a long stretch of main-thread
 * parsing and compiling on every load. With it, Chromium compiles them on
 * a background thread while the file streams in. Other browsers read a comment. Chunks loaded on
 * intent (Lottie, motion, the scrollbar) stay lazy: much of each library is never called. The
 * hint goes on the first line, where V8 looks for it, so it is written into the files once Vite
 * has written them (Vite adds its own preamble to a chunk after every plugin's generateBundle).
 * A chunk's file name does not cover the hint: a chunk whose code is unchanged but which joins or
 * leaves a first load keeps its name. Either copy runs the same; only the compile timing differs.
 */
export function compileHints(): Plugin {
  return {
    name: "portfolio:compile-hints",
    apply: "build",
    enforce: "post",
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const atStart = new Set<string>();
      const add = (fileName: string) => {
        const chunk = byName.get(fileName);
        if (!chunk || atStart.has(fileName)) return;
        atStart.add(fileName);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of chunks) {
        const isPage = /[\\/]src[\\/]app[\\/]routes[\\/]/.test(chunk.facadeModuleId ?? "");
        if (chunk.isEntry || isPage) add(chunk.fileName);
      }
      for (const fileName of atStart) {
        const path = join(options.dir ?? "dist", fileName);
        const code = readFileSync(path, "utf8");
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(path, COMPILE_HINT + code);
      }
    },
  };
}
