/**
 * The better-sqlite3 release this process loads. Release 13 (Node-API, prebuilt in the package)
 * needs Node 22 or newer and crashes Node 20. Release 12 (built against V8's own API) runs on
 * Node 20, but on Node 24.19 and newer its addon aborts the process (SIGABRT) when V8 collects a
 * statement outside JavaScript, e.g. in an idle garbage collection. So: 13 wherever it runs, 12
 * only on Node 20. Both have the same API; drop 12 once Node 20 is gone from the machines.
 */
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

const require = createRequire(import.meta.url);

export const Database: typeof BetterSqlite3 =
  Number(process.versions.node.split(".")[0]) >= 22
    ? require("better-sqlite3-napi")
    : require("better-sqlite3");
export type Database = BetterSqlite3.Database;
