/**
 * The offline outbox end to end (docs/requirements.md ): the built app, its real
 * service worker and the real server, in Chromium.
 *
 * Which browser path each test covers:
 * - "sync" = Chromium's Background Sync: the page registers `contact-outbox` and the worker's
 *   `sync` handler (sw/sw.ts) drains.
 * - "fallback" = the path of browsers without `SyncManager` (Firefox, Safari): the page drains on
 *   load, on `online` and on `visibilitychange`. Chromium runs it here with `SyncManager` deleted
 *   from the page by an init script, so the page never registers a sync and the worker never
 *   gets a sync event: the page is the only one that can deliver (every test also checks who did,
 *   from the BroadcastChannel messages).
 * - "load" = the drain on load the page runs in every browser (Chromium's safety net).
 *
 * The tests use a server of their own (same build, same code as `npm start`) with a high rate
 * limit, so the contact tests on the main server never meet a 429 because of these.
 */
import type { BrowserContext, Page, Request } from "@playwright/test";
import { profile } from "../../src/content/profile";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import {
  expectDeliveredOnce as deliveredOnce,
  dispatchOutboxSync,
  expectCleared,
  fillForm,
  heardMessages,
  mailsFrom,
  openContactWithWorker,
  readOutbox,
  submitAndClose,
  syncRegistered,
  type Visitor,
  visitors,
} from "./outbox-helpers";
import { outboxMails, type RunningServer, startServer, storedMessages } from "./server";

const QUEUED_TITLE = "Saved for later";
const QUEUED_OFFLINE =
  "You're offline. Your message is saved on this device and will be sent automatically when the connection returns.";
const QUEUED_UNREACHABLE =
  "The server could not be reached. Your message is saved on this device and will be sent automatically when the connection returns.";
const SENT_ONE = `Your message to ${profile.name} was sent.`;

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ STATIC_DIR: "dist", RATE_LIMIT_MAX: "1000" });
});
test.afterAll(async () => server?.stop());

// Motion is not the subject here: pages and notices are drawn without the slide-ins to wait for.
test.use({ reducedMotion: "reduce" });

const visitor = visitors("outbox");

/** Opens the contact page online and waits until the worker controls it and the outbox is read. */
const openContact = (page: Page, context: BrowserContext) =>
  openContactWithWorker(page, context, `${server.url}/contact`);

/** Records the page's own requests to the API (not the worker's). */
function apiRequestsOf(page: Page): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (/\/(api\/messages|email\/send-notification)$/.test(request.url())) requests.push(request.url());
  });
  return requests;
}

function storedWithId(id: string) {
  return storedMessages(server.dataDir).filter((message) => message.id === id);
}

const expectDeliveredOnce = (sender: Visitor, id: string) => deliveredOnce(server.dataDir, sender, id);

test.describe("a message written offline", () => {
  // sync: Chromium fires the registered sync when the (emulated) connection returns.
  test("is queued once, then sent by the worker's sync when the connection returns", async ({
    page,
    context,
  }) => {
    const zoe = visitor("Sync");
    await openContact(page, context);
    const pageRequests = apiRequestsOf(page);
    await context.setOffline(true);
    await fillForm(page, zoe);
    await page.getByRole("button", { name: "Say Hello 👋" }).click();

    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading")).toHaveText(QUEUED_TITLE);
    await expect(dialog).toContainText(QUEUED_OFFLINE);
    await expectCleared(page);
    await dialog.getByRole("button", { name: "Close" }).click();

    const queued = await readOutbox(page);
    expect(queued).toHaveLength(1);
    const [entry] = queued;
    expect(entry).toMatchObject({
      schemaVersion: 2,
      status: "pending",
      saved: false,
      attempts: 0,
      message: zoe,
    });
    const id = entry?.id ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole("status").filter({ hasText: "waiting" })).toHaveText(
      "1 message waiting to be sent",
    );
    expect(storedWithId(id)).toHaveLength(0);
    // Offline (navigator.onLine false), the page did not even try the network.
    expect(pageRequests).toEqual([]);
    await syncRegistered(page);

    await context.setOffline(false);
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    expect(await readOutbox(page)).toEqual([]);
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
    await expectDeliveredOnce(zoe, id);
    expect(await heardMessages(page)).toContainEqual({ type: "OUTBOX_DELIVERED", id, from: "worker" });
  });

  // sync, delivered by a sync event dispatched through the DevTools protocol (deterministic).
  test("is sent by the worker when the sync event is dispatched (CDP ServiceWorker.dispatchSyncEvent)", async ({
    page,
    context,
  }) => {
    const ada = visitor("CDP");
    await openContact(page, context);
    await context.setOffline(true);
    await fillForm(page, ada);
    await submitAndClose(page, QUEUED_TITLE);
    const [entry] = await readOutbox(page);
    const id = entry?.id ?? "";
    await syncRegistered(page);

    // Back online, Chromium fires the sync at once: let that attempt fail (the API unreachable,
    // for the page and the worker alike) so the only delivery left is the one dispatched below.
    // Chromium's next own retry is 5 minutes away.
    await context.route(/\/(api\/messages|email\/send-notification)$/, (route) =>
      route.abort("internetdisconnected"),
    );
    await context.setOffline(false);
    await expect.poll(async () => (await readOutbox(page))[0]?.attempts).toBe(1);
    expect((await readOutbox(page))[0]).toMatchObject({ status: "pending", saved: false });
    expect((await readOutbox(page))[0]?.lastError).toMatch(/Could not reach the message store/);
    expect(storedWithId(id)).toHaveLength(0);

    await context.unroute(/\/(api\/messages|email\/send-notification)$/);
    await dispatchOutboxSync(context, page);
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    expect(await readOutbox(page)).toEqual([]);
    await expectDeliveredOnce(ada, id);
    expect(await heardMessages(page)).toContainEqual({ type: "OUTBOX_DELIVERED", id, from: "worker" });
  });

  // fallback (no SyncManager): the open page drains on `online`.
  test("without Background Sync, the open page sends it on 'online'", async ({ page, context }) => {
    await context.addInitScript(() => {
      delete (window as { SyncManager?: unknown }).SyncManager;
    });
    const kim = visitor("Online");
    await openContact(page, context);
    expect(await page.evaluate(() => "SyncManager" in window)).toBe(false);
    await context.setOffline(true);
    await fillForm(page, kim);
    await submitAndClose(page, QUEUED_TITLE);
    const [entry] = await readOutbox(page);
    const id = entry?.id ?? "";
    expect(entry).toMatchObject({ saved: false, attempts: 0 });

    await context.setOffline(false);
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    expect(await readOutbox(page)).toEqual([]);
    await expectDeliveredOnce(kim, id);
    const delivered = (await heardMessages(page)).filter((message) => message.type === "OUTBOX_DELIVERED");
    // This page delivered it (its own announcements reach the recorder's channel too).
    expect(delivered).toEqual([{ type: "OUTBOX_DELIVERED", id, from: "page" }]);
  });

  // A first visit, before the worker controls the page: the queue's chunks come from the network
  // while the visitor writes, or never.
  test.describe("before a service worker controls the page", () => {
    // What this page has not loaded yet (the scrollbar, the sending animation) fails offline.
    test.use({ serviceWorkers: "block", allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });
    test("is queued when the network goes between writing and sending", async ({ page, context }) => {
      const lee = visitor("First visit");
      const pending = new Set<Request>();
      let queueRequested = false;
      page.on("request", (request) => {
        pending.add(request);
        queueRequested ||= request.url().includes("/outbox-controller-");
      });
      page.on("requestfinished", (request) => pending.delete(request));
      page.on("requestfailed", (request) => pending.delete(request));
      await page.goto(`${server.url}/contact`);
      // The boot module's after-load work, which listens for the first keystroke, is done.
      await expect(page.locator("html")).toHaveAttribute("data-outbox", "ready", { timeout: 20_000 });
      await fillForm(page, lee);
      // The queue's chunk (its imports are requested before it) has arrived.
      await expect.poll(() => queueRequested && pending.size === 0).toBe(true);
      await context.setOffline(true);
      await submitAndClose(page, QUEUED_TITLE);
      expect(await readOutbox(page)).toMatchObject([{ status: "pending", attempts: 0, message: lee }]);
    });
  });
});

// fallback + load: three messages queued offline, the page closed, then another page opened
// online. SyncManager is deleted from every page of this context from the start (init script),
// so no sync is ever registered and the worker never drains: the page's drain on load is the
// only path, as in Firefox and Safari.
test("three messages queued offline are sent in order, once each, by the next page load (no SyncManager)", async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager;
  });
  const three = [visitor("First"), visitor("Second"), visitor("Third")];
  await openContact(page, context);
  await context.setOffline(true);
  for (const [index, sender] of three.entries()) {
    await fillForm(page, sender);
    await submitAndClose(page, QUEUED_TITLE);
    await expect(page.getByText(/waiting to be sent/)).toHaveText(
      index === 0 ? "1 message waiting to be sent" : `${index + 1} messages waiting to be sent`,
    );
  }
  const queued = await readOutbox(page);
  expect(queued.map((entry) => entry.message.name)).toEqual(three.map((sender) => sender.name));
  const ids = queued.map((entry) => entry.id);
  await page.close();

  await context.setOffline(false);
  const reopened = await context.newPage();
  const consoleErrors: string[] = [];
  reopened.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  // Any route drains on load; the home page shows the notice too.
  await reopened.goto(`${server.url}/`);
  await expect(reopened.getByText(`Your 3 messages to ${profile.name} were sent.`)).toBeVisible();
  expect(await readOutbox(reopened)).toEqual([]);

  const stored = storedMessages(server.dataDir).filter((message) => ids.includes(message.id));
  expect(stored.map((message) => message.id)).toEqual(ids);
  for (const [index, sender] of three.entries()) await expectDeliveredOnce(sender, ids[index] ?? "");
  const delivered = (await heardMessages(reopened)).filter((message) => message.type === "OUTBOX_DELIVERED");
  expect(delivered).toEqual(ids.map((id) => ({ type: "OUTBOX_DELIVERED", id, from: "page" })));
  expect(consoleErrors).toEqual([]);
});

test.describe("notify fails at the network level after the save succeeded", () => {
  // The page's own notify request is aborted on purpose; Chromium logs the failed request.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  // sync (the worker's immediate attempt, which fails too) + load (the page delivers on reload).
  test("the entry is queued with saved: true, and later mailed once and stored once", async ({
    page,
    context,
  }) => {
    const sam = visitor("Saved");
    await openContact(page, context);
    // context.route, not page.route: it also reaches the worker's requests, so the sync Chromium
    // fires right after the submit fails the same way instead of delivering behind our back.
    await context.route("**/email/send-notification", (route) => route.abort("failed"));
    await fillForm(page, sam);
    await page.getByRole("button", { name: "Say Hello 👋" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading")).toHaveText(QUEUED_TITLE);
    await expect(dialog).toContainText(QUEUED_UNREACHABLE);
    await expectCleared(page);
    await dialog.getByRole("button", { name: "Close" }).click();

    const [entry] = await readOutbox(page);
    const id = entry?.id ?? "";
    expect(entry).toMatchObject({ saved: true, status: "pending", message: sam });
    expect(entry?.lastError).toMatch(/notification server/);
    // Saved by the submit, not mailed.
    expect(storedWithId(id)).toHaveLength(1);
    expect(await mailsFrom(outboxMails(server.dataDir), sam.name)).toHaveLength(0);
    // The worker's sync attempt skipped the save and failed at notify.
    await expect.poll(async () => (await readOutbox(page))[0]?.attempts).toBe(2);
    expect((await readOutbox(page))[0]?.saved).toBe(true);

    await context.unroute("**/email/send-notification");
    await page.reload();
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    expect(await readOutbox(page)).toEqual([]);
    await expectDeliveredOnce(sam, id);
    expect(await heardMessages(page)).toContainEqual({ type: "OUTBOX_DELIVERED", id, from: "page" });
  });
});

test.describe("a message the server refuses while it is drained", () => {
  // sync (the worker drains and gets the refusals) + the page's Retry/Discard.
  test("the contact page counts waiting messages, then shows refused ones with Retry and Discard", async ({
    page,
    context,
  }) => {
    const [keep, drop] = [visitor("Keep"), visitor("Drop")];
    await openContact(page, context);
    const waiting = page.getByRole("status").filter({ hasText: "waiting" });
    await context.setOffline(true);
    await fillForm(page, keep);
    await submitAndClose(page, QUEUED_TITLE);
    await expect(waiting).toHaveText("1 message waiting to be sent");
    await fillForm(page, drop);
    await submitAndClose(page, QUEUED_TITLE);
    await expect(waiting).toHaveText("2 messages waiting to be sent");
    const ids = (await readOutbox(page)).map((entry) => entry.id);
    await syncRegistered(page);

    // The notification server refuses both (a final answer, not worth retrying automatically).
    let refuse = true;
    await context.route("**/email/send-notification", async (route) => {
      if (!refuse) return route.continue();
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "Invalid email address" }),
      });
    });
    await context.setOffline(false);

    const failed = page.getByRole("region", { name: "2 messages could not be sent" });
    await expect(failed).toBeVisible();
    await expect(failed.getByText("The server refused it: Invalid email address")).toHaveCount(2);
    await expect(failed.getByRole("button", { name: "Retry" })).toHaveCount(2);
    await expect(failed.getByRole("button", { name: "Discard" })).toHaveCount(2);
    await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
    await expectNoAxeViolations(page, ".outbox-failed");
    expect(await readOutbox(page)).toMatchObject([
      { id: ids[0], status: "failed", lastError: "Invalid email address", lastStatus: 400 },
      { id: ids[1], status: "failed", lastError: "Invalid email address", lastStatus: 400 },
    ]);

    // Discard asks first.
    const dropItem = failed.getByRole("listitem").filter({ hasText: drop.name });
    await dropItem.getByRole("button", { name: "Discard" }).click();
    const confirm = page.getByRole("dialog", { name: "Discard this message?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Discard message" }).click();
    await expect(confirm).toBeHidden();
    const remaining = page.getByRole("region", { name: "1 message could not be sent" });
    await expect(remaining).toBeVisible();
    await expect(remaining).not.toContainText(drop.name);
    expect((await readOutbox(page)).map((entry) => entry.id)).toEqual([ids[0]]);

    // Retry: the server accepts it this time.
    refuse = false;
    await remaining.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    await expect(page.getByRole("region", { name: /could not be sent/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "main");
    expect(await readOutbox(page)).toEqual([]);
    await expectDeliveredOnce(keep, ids[0] ?? "");
    // The discarded one was never mailed.
    expect(await mailsFrom(outboxMails(server.dataDir), drop.name)).toHaveLength(0);
  });
});
