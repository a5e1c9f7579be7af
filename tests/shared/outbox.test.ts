/**
 * The outbox store (src/shared/contact/outbox-store.ts) on a real IndexedDB implementation
 * (fake-indexeddb) through the real idb-keyval.
 */
import "fake-indexeddb/auto";
import { createStore, set } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { type ContactMessage, createMessage } from "../../src/shared/contact/message";
import {
  createOutboxChannel,
  OUTBOX_DB_NAME,
  OUTBOX_NAME,
  OUTBOX_STORE_NAME,
  type OutboxMessage,
} from "../../src/shared/contact/outbox-channel";
import { OUTBOX_SCHEMA_VERSION, type OutboxEntry, openOutbox } from "../../src/shared/contact/outbox-store";

let databases = 0;
/** Each test gets its own database. */
function freshOutbox(now?: () => number) {
  const dbName = `outbox-test-${++databases}`;
  return { dbName, outbox: openOutbox({ dbName, ...(now ? { now } : {}) }) };
}

function message(n: number, createdAt = 1_700_000_000_000 + n): ContactMessage {
  return createMessage(
    { name: `Visitor ${n}`, email: `v${n}@example.com`, message: `Message number ${n}` },
    { now: createdAt },
  );
}

/** A clock the test moves by hand. */
function clock(start = 1_800_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("outbox", () => {
  const entryOf = async (outbox: ReturnType<typeof openOutbox>, id: string) =>
    (await outbox.list()).find((entry) => entry.id === id);

  it("uses one dedicated database and store, with a schema version on each entry", () => {
    expect(OUTBOX_DB_NAME).toBe("portfolio-outbox");
    expect(OUTBOX_STORE_NAME).toBe("entries");
    expect(OUTBOX_SCHEMA_VERSION).toBe(2);
  });

  it("adds an entry with its id, payload, save flag, attempts and queue time", async () => {
    const time = clock();
    const { outbox } = freshOutbox(time.now);
    const m = message(1);
    const entry = await outbox.add(m);
    const expected: OutboxEntry = {
      schemaVersion: 2,
      id: m.id,
      message: m,
      saved: false,
      status: "pending",
      attempts: 0,
      queuedAt: time.now(),
      nextAttemptAt: null,
      lastError: null,
      lastStatus: null,
    };
    expect(entry).toEqual(expected);
    expect(await entryOf(outbox, m.id)).toEqual(expected);
    expect(await outbox.list()).toEqual([expected]);
  });

  it("records the submit's own attempt: saved flag, error, status and Retry-After", async () => {
    const time = clock();
    const { outbox } = freshOutbox(time.now);
    const [busy, refused] = [message(1), message(2)];
    await outbox.add(busy, { kind: "retry", text: "Busy", status: 503, saved: true, retryAfterMs: 30_000 });
    await outbox.add(refused, { kind: "refused", text: "Forbidden", status: 403, saved: false });
    expect(await outbox.list()).toMatchObject([
      {
        id: busy.id,
        status: "pending",
        saved: true,
        attempts: 1,
        lastError: "Busy",
        lastStatus: 503,
        nextAttemptAt: time.now() + 30_000,
      },
      { id: refused.id, status: "failed", saved: false, attempts: 1, lastStatus: 403, nextAttemptAt: null },
    ]);
  });

  it("keeps an entry already queued with the same id as it is", async () => {
    const { outbox } = freshOutbox();
    const m = message(1);
    await outbox.add(m, { kind: "retry", text: "offline", status: null, saved: true });
    await outbox.add({ ...m, message: "changed" });
    const entries = await outbox.list();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ saved: true, message: { message: m.message } });
  });

  it("lists entries in the order they were queued, whatever their ids", async () => {
    const time = clock();
    const { outbox } = freshOutbox(time.now);
    const queued = [message(1), message(2), message(3), message(4)];
    for (const m of queued) {
      await outbox.add(m);
      time.advance(1);
    }
    // Same millisecond: the message's own time decides.
    const sameMs = [message(6, 2_000), message(5, 1_000)];
    for (const m of sameMs) await outbox.add(m);
    expect((await outbox.list()).map((entry) => entry.message.message)).toEqual([
      "Message number 1",
      "Message number 2",
      "Message number 3",
      "Message number 4",
      "Message number 5",
      "Message number 6",
    ]);
  });

  it("persists updates (save flag, attempts), keeping the id and schema version", async () => {
    const { dbName, outbox } = freshOutbox();
    const m = message(1);
    await outbox.add(m);
    const updated = await outbox.update(m.id, (entry) => ({
      ...entry,
      id: "other",
      saved: true,
      attempts: 2,
    }));
    expect(updated).toMatchObject({ id: m.id, schemaVersion: 2, saved: true, attempts: 2 });

    // A second connection (another tab, the worker) reads what was written.
    const other = openOutbox({ dbName });
    expect(await entryOf(other, m.id)).toMatchObject({ saved: true, attempts: 2 });
  });

  it("does not bring back an entry that was removed", async () => {
    const { outbox } = freshOutbox();
    expect(await outbox.update("missing", (entry) => ({ ...entry, saved: true }))).toBeUndefined();
    expect(await outbox.list()).toEqual([]);
  });

  it("removes an entry, optionally only when it still matches", async () => {
    const { outbox } = freshOutbox();
    const [a, b] = [message(1), message(2)];
    await outbox.add(a);
    await outbox.add(b);
    expect(await outbox.remove(a.id, (entry) => entry.status === "failed")).toBe(false);
    expect(await outbox.remove(a.id)).toBe(true);
    expect(await outbox.remove(a.id)).toBe(false);
    expect((await outbox.list()).map((entry) => entry.id)).toEqual([b.id]);
  });

  it("reads entries of schema version 1 (which had notified, updatedAt and lastAttemptAt)", async () => {
    const { dbName, outbox } = freshOutbox();
    const m = message(1);
    const version1 = {
      schemaVersion: 1,
      id: m.id,
      message: m,
      saved: true,
      notified: false,
      status: "pending",
      attempts: 1,
      queuedAt: 5,
      updatedAt: 6,
      lastAttemptAt: 6,
      nextAttemptAt: null,
      lastError: "offline",
      lastStatus: null,
    };
    await set(m.id, version1, createStore(dbName, OUTBOX_STORE_NAME));
    expect(await outbox.list()).toEqual([
      {
        schemaVersion: 2,
        id: m.id,
        message: m,
        saved: true,
        status: "pending",
        attempts: 1,
        queuedAt: 5,
        nextAttemptAt: null,
        lastError: "offline",
        lastStatus: null,
      },
    ]);
  });

  it("leaves values it cannot read (another schema version, garbage) alone", async () => {
    const { dbName, outbox } = freshOutbox();
    const store = createStore(dbName, OUTBOX_STORE_NAME);
    const m = message(1);
    await outbox.add(m);
    const future = { ...(await entryOf(outbox, m.id)), id: "future", schemaVersion: 3 };
    await set("future", future, store);
    await set("garbage", { hello: "world" }, store);
    // Stored under another key than its message's id (which is the Idempotency-Key): not sent.
    await set("other-key", { ...(await entryOf(outbox, m.id)), id: "other-key" }, store);

    expect((await outbox.list()).map((entry) => entry.id)).toEqual([m.id]);
    expect(await outbox.update("future", (entry) => ({ ...entry, status: "failed" }))).toBeUndefined();
    expect(await outbox.remove("future")).toBe(false);
  });
});

describe("the outbox's channel", () => {
  it("hears only well-formed messages from the worker or a page, in the order they were posted", async () => {
    const heard: OutboxMessage[] = [];
    let last!: () => void;
    const done = new Promise<void>((resolve) => {
      last = resolve;
    });
    const listener = createOutboxChannel((message) => {
      heard.push(message);
      if (message.type === "OUTBOX_DELIVERED" && message.id === "last") last();
    });
    const sender = new BroadcastChannel(OUTBOX_NAME);
    try {
      for (const junk of [
        "OUTBOX_DELIVERED",
        { type: "OUTBOX_DELIVERED", from: "worker" },
        { type: "OUTBOX_DELIVERED", id: "x", from: "somebody" },
        { type: "SOMETHING_ELSE", from: "page" },
      ]) {
        sender.postMessage(junk);
      }
      sender.postMessage({ type: "OUTBOX_CHANGED", from: "page" });
      sender.postMessage({ type: "OUTBOX_DELIVERED", id: "last", from: "worker" });
      await done;
      expect(heard).toEqual([
        { type: "OUTBOX_CHANGED", from: "page" },
        { type: "OUTBOX_DELIVERED", id: "last", from: "worker" },
      ]);
    } finally {
      sender.close();
      listener.close();
    }
  });
});
