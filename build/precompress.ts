/**
 * Brotli and gzip copies of every compressible file of the build (`x.js` → `x.js.br`,
 * `x.js.gz`), so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response again. Runs after `vite build`, once the service worker's precache
 * list is written (the copies are not in it).
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".webmanifest",
  ".svg",
  ".txt",
  ".xml",
  ".map",
]);
/** Smaller files gain nothing worth a second request path. */
export const MIN_BYTES = 1_024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}

export interface PrecompressReport {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `.br` and `.gz` next to each compressible file of `root` (a copy only when smaller). */
export async function precompress(root: string): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of await filesUnder(root)) {
    if (!COMPRESSIBLE.has(extname(file)) || (await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    report.files += 1;
    report.bytes += content.length;
    if (br.length < content.length) {
      await writeFile(`${file}.br`, br);
      report.brotliBytes += br.length;
    }
    if (gzipped.length < content.length) {
      await writeFile(`${file}.gz`, gzipped);
      report.gzipBytes += gzipped.length;
    }
  }
  return report;
}
