/**
 * After `vite build`: precompressed copies of the assets, and firebase.json's security headers
 * (with the CSP hashes of the pages just built). `npm run build` runs it.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadConfig } from "../server/config";
import { inlineHashesOfSite } from "../server/csp-hashes";
import { FIREBASE_JSON, writeFirebaseHeaders } from "./firebase-headers";
import { precompress } from "./precompress";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");
if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));

const compressed = await precompress(dist);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  `precompress: ${compressed.files} files, ${kB(compressed.bytes)} → br ${kB(compressed.brotliBytes)}, gzip ${kB(compressed.gzipBytes)}`,
);

// The same connect-src the server derives from VITE_NOTIFY_URL and the Firebase settings.
const { connectSrc } = loadConfig({ ...process.env, NODE_ENV: "development", API_KEY: undefined });
const changed = writeFirebaseHeaders(join(root, FIREBASE_JSON), { connectSrc, ...inlineHashesOfSite(dist) });
console.log(`${FIREBASE_JSON}: security headers ${changed ? "updated" : "unchanged"}`);
