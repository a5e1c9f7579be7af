/**
 * Brotli and gzip copies of every compressible file of the build (`x.js` → `x.js.br`,
 * `x.js.gz`), so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing each response again. Runs after `vite build`, once the service worker's precache
 * list is written (the copies are not in it). The bench compresses the pages it writes the same way.
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

/** Writes `file.br` and `file.gz` (each only when smaller); the bytes of each (0: not written). */
export async function precompressFile(file: string) {
  const content = await readFile(file);
  const sizes = { bytes: content.length, brotliBytes: 0, gzipBytes: 0 };
  if (content.length < MIN_BYTES) return sizes;
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) {
    await writeFile(`${file}.br`, br);
    sizes.brotliBytes = br.length;
  }
  if (gzipped.length < content.length) {
    await writeFile(`${file}.gz`, gzipped);
    sizes.gzipBytes = gzipped.length;
  }
  return sizes;
}

/** Precompresses each compressible file of `root`. */
export async function precompress(root: string) {
  const report = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const sizes = await precompressFile(join(entry.parentPath, entry.name));
    if (sizes.bytes < MIN_BYTES) continue;
    report.files += 1;
    report.bytes += sizes.bytes;
    report.brotliBytes += sizes.brotliBytes;
    report.gzipBytes += sizes.gzipBytes;
  }
  return report;
}
