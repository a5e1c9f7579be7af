/**
 * Which chunks V8 compiles eagerly. (How the build splits into chunks is rolldown's own choice: the
 * boot module, each thing it loads later, the React app, each page; docs/decisions.md.)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The theme switch's animation engine: loaded when idle once React runs, and set up at once. */
const ENGINE = /[\\/]src[\\/]features[\\/]theme[\\/]lottie-toggle\.tsx$/;

/**
 * Marks the chunks a page runs as soon as it starts (the entry, what it imports, and the route
 * pages) and the switch's animation engine, whose setup calls most of its code in one task, with
 * V8's compile hint (why, and why not the chunks loaded on intent: docs/decisions.md). The hint goes
 * on the first line, where V8 looks for it, so it is written into the files once Vite has written
 * them (Vite adds its own preamble to a chunk after every plugin's generateBundle). A chunk's file
 * name does not cover the hint: a chunk whose code is unchanged but which joins or leaves a first
 * load keeps its name. Either copy runs the same; only the compile timing differs.
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
        if (chunk.isEntry || isPage || ENGINE.test(chunk.facadeModuleId ?? "")) add(chunk.fileName);
      }
      for (const fileName of atStart) {
        const path = join(options.dir ?? "dist", fileName);
        const code = readFileSync(path, "utf8");
        if (!code.startsWith(COMPILE_HINT)) writeFileSync(path, COMPILE_HINT + code);
      }
    },
  };
}
