/**
 * The SQLite driver: better-sqlite3 (Node-API, prebuilt inside its npm package, so no compiler).
 * One module, so that the Dockerfile can check at build time that it loads.
 */
import BetterSqlite3 from "better-sqlite3";

export const Database = BetterSqlite3;
export type Database = BetterSqlite3.Database;
