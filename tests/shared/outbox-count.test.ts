/**
 * The cheap outbox count the page runs on every load (src/shared/contact/outbox-count.ts), on a
 * real IndexedDB implementation (fake-indexeddb) next to the real outbox.
 */
import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { createMessage } from "../../src/shared/contact/message";
import { openOutbox } from "../../src/shared/contact/outbox";
import { countOutboxEntries, OUTBOX_STORE_NAME } from "../../src/shared/contact/outbox-count";

let databases = 0;
const freshName = () => `outbox-count-test-${++databases}`;

function message(n: number) {
  return createMessage({ name: `Visitor ${n}`, email: `v${n}@example.com`, message: `Message ${n}` });
}

describe("countOutboxEntries", () => {
  it("is 0 where no outbox exists yet, and does not create one (the outbox can still create its store)", async () => {
    const dbName = freshName();
    expect(await countOutboxEntries(dbName)).toBe(0);
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain(dbName);

    const outbox = openOutbox({ dbName });
    await outbox.add(message(1));
    expect(await outbox.list()).toHaveLength(1);
  });

  it("counts the entries the outbox holds", async () => {
    const dbName = freshName();
    const outbox = openOutbox({ dbName });
    expect(await countOutboxEntries(dbName)).toBe(0);
    await outbox.add(message(1));
    await outbox.add(message(2));
    expect(await countOutboxEntries(dbName, OUTBOX_STORE_NAME)).toBe(2);
  });
});
