import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { ROOT } from "./server";

/**
 * Every prerendered page is valid HTML: the Nu HTML Checker (`vnu-jar`, on the machine's Java)
 * over each `.html` file of the build this suite serves. An inline SVG keeping its library's RDF
 * metadata, for one, is an error there that no browser shows.
 */
const DIST = join(ROOT, "dist");
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return pages(path);
    return entry.name.endsWith(".html") ? [path] : [];
  });
}

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

test("every prerendered page passes the Nu HTML Checker without an error", async () => {
  const files = pages(DIST);
  expect(files.map((file) => relative(DIST, file))).toContain("index.html");
  // vnu exits with 1 when it finds an error; its report is the JSON on stderr either way. A
  // short-lived JVM: the quick compiler alone and the serial collector halve its CPU time; the
  // schema's recursion then needs a deeper stack than the default.
  const jvm = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];
  const stderr = await promisify(execFile)(
    "java",
    [...jvm, "-jar", VNU_JAR, "--format", "json", "--errors-only", ...files],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  ).then(
    (done) => done.stderr,
    (failed: { stderr?: string }) => failed.stderr ?? "",
  );
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  const errors = messages
    .filter((message) => message.type === "error")
    .map(
      ({ url, lastLine, message }) =>
        `${relative(DIST, new URL(url).pathname)}:${lastLine ?? "?"}: ${message}`,
    );
  expect(errors).toEqual([]);
});
