/**
 * Brotli and gzip copies of every compressible file of the build (`x.js` → `x.js.br`,
 * `x.js.gz`), so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response again. Runs after `vite build`, once the service worker's precache
 * list is written (the copies are not in it).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|map)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1_024;

/** Writes `.br` and `.gz` next to each compressible file of `root` (a copy only when smaller). */
export async function precompress(root: string) {
  const report = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
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
