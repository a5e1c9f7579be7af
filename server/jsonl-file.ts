/**
 * An append-only JSON Lines file: one JSON object a line, appends serialized (lines never
 * interleave) and fsync'd before they resolve.
 */
import { type FileHandle, open, readFile, rename, writeFile } from "node:fs/promises";

export interface JsonlFile {
  /** Appends the objects as lines; resolves once they are on disk. */
  append(...records: object[]): Promise<void>;
  /**
   * Runs `task` alone in the append queue (check-then-append without a race); `task` appends
   * through the `write` it is given, never through `append` (that would wait for itself).
   */
  exclusive<T>(task: (write: (...records: object[]) => Promise<void>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface JsonlContents {
  records: unknown[];
  /** Lines that are not JSON (e.g. a torn last line after a crash); they are skipped. */
  badLines: number;
}

/** Reads every line of a JSONL file; a missing file reads as empty. */
export async function readJsonl(path: string): Promise<JsonlContents> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: [], badLines: 0 };
    throw error;
  }
  const records: unknown[] = [];
  let badLines = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      badLines += 1;
    }
  }
  return { records, badLines };
}

/** Replaces the file's content atomically (write a temp file, fsync, rename). */
export async function rewriteJsonl(path: string, records: readonly object[]): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, records.map((record) => `${JSON.stringify(record)}\n`).join(""), { flush: true });
  await rename(temp, path);
}

export async function openJsonl(path: string): Promise<JsonlFile> {
  const handle: FileHandle = await open(path, "a");
  // The queue: every append waits for the previous one; a failure does not block the next.
  let tail: Promise<unknown> = Promise.resolve();

  async function write(...records: object[]): Promise<void> {
    if (records.length === 0) return;
    // appendFile writes the whole string (a bare write() may write part of it).
    await handle.appendFile(records.map((record) => `${JSON.stringify(record)}\n`).join(""));
    await handle.sync();
  }

  function exclusive<T>(task: (writeRecords: typeof write) => Promise<T>): Promise<T> {
    const run = tail.then(() => task(write));
    tail = run.catch(() => undefined);
    return run;
  }

  return {
    append: (...records) => exclusive((writeRecords) => writeRecords(...records)),
    exclusive,
    async close() {
      await tail;
      await handle.close();
    },
  };
}
