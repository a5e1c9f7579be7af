/**
 * Entry point: `npx tsx server/serve.ts`. Reads the configuration, builds the server, listens.
 * A configuration or startup error prints one clear line and exits with code 1.
 */
import { existsSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { ConfigError, loadConfig } from "./config";
import { buildServer } from "./http/build-server";
import { StartupError } from "./store/database";

function fail(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Cannot start the server: ${reason}`);
  if (!(error instanceof ConfigError || error instanceof StartupError)) console.error(error);
  process.exit(1);
}

// Everything the server creates (database, mails) is readable by its own user only.
process.umask(0o077);

// The same .env file Vite reads for the client's VITE_* variables configures the server too.
if (existsSync(".env")) process.loadEnvFile(".env");

let app: FastifyInstance;
let address: string;
try {
  const config = loadConfig();
  app = await buildServer(config);
  address = await app.listen({ port: config.port, host: config.host });
} catch (error) {
  fail(error);
}
app.log.info(`Portfolio server ready at ${address}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
