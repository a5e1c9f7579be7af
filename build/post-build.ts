/**
 * After `vite build`: precompressed copies of the assets, firebase.json's security headers (with
 * the CSP hashes of the pages just built) and rewrites (the route table's), and firestore.rules.
 * `npm run build` runs it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadEnv } from "vite";
import { parseConfig } from "../src/config/parse-config";
import { inlineHashesOfSite } from "./csp-hashes";
import { FIREBASE_JSON, writeFirebaseHeaders } from "./firebase-headers";
import { withRewrites } from "./firebase-rewrites";
import { FIRESTORE_RULES, writeFirestoreRules } from "./firestore-rules";
import { precompress } from "./precompress";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "dist");

const compressed = await precompress(dist);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  `precompress: ${compressed.files} files, ${kB(compressed.bytes)} → br ${kB(compressed.brotliBytes)}, gzip ${kB(compressed.gzipBytes)}`,
);

// The settings `vite build` just compiled into the page, read the way it read them.
const client = parseConfig(loadEnv("production", root, "VITE_"));
const changed = writeFirebaseHeaders(join(root, FIREBASE_JSON), { client, ...inlineHashesOfSite(dist) });
console.log(`${FIREBASE_JSON}: security headers ${changed ? "updated" : "unchanged"}`);
const firebaseText = readFileSync(join(root, FIREBASE_JSON), "utf8");
const rewritten = withRewrites(firebaseText);
if (rewritten !== firebaseText) writeFileSync(join(root, FIREBASE_JSON), rewritten);
console.log(`${FIREBASE_JSON}: rewrites ${rewritten !== firebaseText ? "updated" : "unchanged"}`);
console.log(
  `${FIRESTORE_RULES}: ${writeFirestoreRules(join(root, FIRESTORE_RULES)) ? "updated" : "unchanged"}`,
);
