/**
 * `npm run dev` beside `npm run serve`: Vite's dev server passes the API on to the server on the
 * PORT that `.env` names, as the server itself reads it, not only a PORT set in the shell.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, expect, test } from "vitest";
import { ROOT } from "./child-server";
import {
  closedPort,
  MESSAGES_PATH,
  post,
  removeTempDirs,
  startServer,
  storedMessages,
  tempDir,
  validMessage,
} from "./helpers";

afterAll(removeTempDirs);

test("with PORT only in .env, the dev page's message reaches the server and is stored", {
  timeout: 90_000,
}, async () => {
  const server = await startServer();
  const project = await tempDir("portfolio-dev-");
  await writeFile(join(project, ".env"), `PORT=${new URL(server.url).port}\nDATA_DIR=${server.dataDir}\n`);
  const devPort = await closedPort();
  // Vite colours its URL when the runner forces colour (run-p does), so its text is read plain.
  const { PORT: _, FORCE_COLOR: __, ...env } = process.env;
  const vite = spawn(
    process.execPath,
    [
      join(ROOT, "node_modules/vite/bin/vite.js"),
      "--config",
      join(ROOT, "vite.config.ts"),
      "--port",
      String(devPort),
      "--strictPort",
      "--host",
      "127.0.0.1",
    ],
    { cwd: project, env: { ...env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const read = (chunk: Buffer) => (output += stripVTControlCharacters(chunk.toString()));
  vite.stdout.on("data", read);
  vite.stderr.on("data", read);
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain(`127.0.0.1:${devPort}`);
    const dev = `http://127.0.0.1:${devPort}`;
    const message = { id: randomUUID(), ...validMessage };
    const response = await post(dev, MESSAGES_PATH, message, { headers: { origin: dev } });
    expect(response.status, output).toBe(201);
    expect(storedMessages(server.dataDir).map((stored) => stored.id)).toEqual([message.id]);
  } finally {
    vite.kill();
    await server.close();
  }
});
