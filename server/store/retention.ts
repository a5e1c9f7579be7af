/**
 * Personal data is kept for MESSAGE_RETENTION_DAYS: older messages and mail jobs are deleted, and
 * so are the .eml files in DATA_DIR/mail/ (they hold the same text). Run on start and once a day.
 */
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { MAIL_DIR } from "../mail/mailer";
import type { MessageStore } from "./stores";

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeReport {
  messages: number;
  mailFiles: number;
}

/** Deletes .eml files in DATA_DIR/mail last written before `cutoff`. */
async function purgeMailFiles(dataDir: string, cutoff: Date): Promise<number> {
  const folder = join(dataDir, MAIL_DIR);
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(".eml"));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(folder, name);
    if ((await stat(path)).mtime < cutoff) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Deletes what is older than `days` days. */
export async function purgeOlderThan(
  messages: MessageStore,
  dataDir: string,
  days: number,
  now = new Date(),
): Promise<PurgeReport> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  return {
    messages: await messages.purgeOlderThan(cutoff),
    mailFiles: await purgeMailFiles(dataDir, cutoff),
  };
}
