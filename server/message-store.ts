/**
 * The local message store (`POST /api/messages`): `DATA_DIR/messages.jsonl`, one message a
 * line, idempotent by id (the ids on disk are loaded at startup).
 */
import { join } from "node:path";
import type { StoreRequestBody } from "../src/shared/contact/protocol";
import { openJsonl, readJsonl } from "./jsonl-file";

export interface StoredMessage extends StoreRequestBody {
  /** Server time, ISO 8601. */
  createdAt: string;
}

export interface MessageStore {
  /** Appends the message unless its id is stored already. Resolves true when it was added. */
  add(message: StoreRequestBody): Promise<boolean>;
  close(): Promise<void>;
}

export const MESSAGES_FILE = "messages.jsonl";

function idOf(record: unknown): string | undefined {
  if (typeof record !== "object" || record === null) return undefined;
  const id = (record as { id?: unknown }).id;
  return typeof id === "string" ? id.toLowerCase() : undefined;
}

export async function openMessageStore(
  dataDir: string,
  warn: (message: string) => void = () => {},
): Promise<MessageStore> {
  const path = join(dataDir, MESSAGES_FILE);
  const { records, badLines } = await readJsonl(path);
  if (badLines > 0) warn(`${path}: skipped ${badLines} line(s) that are not JSON.`);
  const ids = new Set(records.map(idOf).filter((id) => id !== undefined));
  const file = await openJsonl(path);

  return {
    add(message) {
      const id = message.id.toLowerCase();
      // Check and append in the same queue slot, so two requests with one id append once.
      return file.exclusive(async (write) => {
        if (ids.has(id)) return false;
        const stored: StoredMessage = {
          id,
          name: message.name,
          email: message.email,
          message: message.message,
          createdAt: new Date().toISOString(),
        };
        await write(stored);
        ids.add(id);
        return true;
      });
    },
    close: () => file.close(),
  };
}
