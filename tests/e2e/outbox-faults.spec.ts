/**
 * A message sent online that the server does not accept at once (docs/requirements.md R-8,
 * nothing typed is lost. The built app, its real service worker and the real
 * server, in Chromium, with a fault-injecting proxy on loopback in front of the server
 * (tests/support/fault-proxy.ts) that answers chosen requests as a busy or refusing server would.
 * Page and worker both go through the proxy: it is the site's origin.
 */
import type { Page } from "@playwright/test";
import { profile } from "../../src/content/profile";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { expect, test } from "./fixtures";
import {
  expectDeliveredOnce as deliveredOnce,
  expectCleared,
  fillForm,
  heardMessages,
  mailsFrom,
  openContactWithWorker,
  outboxReady,
  readOutbox,
  type Visitor,
  visitors,
} from "./outbox-helpers";
import { closedPort, outboxMails, type RunningServer, startServer, storedMessages } from "./server";

const SAVE = "/api/messages";
const NOTIFY = "/email/send-notification";
const QUEUED_TITLE = "Saved for later";
const QUEUED_BUSY =
  "The server cannot take your message right now. It is saved on this device and will be sent automatically as soon as the server is ready.";
const SENT_ONE = `Your message to ${profile.name} was sent.`;

let server: RunningServer;
let proxy: FaultProxy;

test.beforeAll(async () => {
  const port = await closedPort();
  server = await startServer({
    STATIC_DIR: "dist",
    RATE_LIMIT_MAX: "1000",
    // The page's origin is the proxy's.
    ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
  });
  proxy = await startFaultProxy(server.url, port);
});
test.afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

// Chromium reports every refused request in the console; those are the point here.
test.use({ allowedConsoleErrors: [/status of (401|403|422|429|503)/] });

// Motion is not the subject here: pages and notices are drawn without the slide-ins to wait for.
test.use({ reducedMotion: "reduce" });

const visitor = visitors("faults");
const openContact = (page: Page) => openContactWithWorker(page, page.context(), `${proxy.url}/contact`);

/** Submits and returns the modal's heading and text, then closes it. */
async function submit(page: Page, sender: Visitor): Promise<{ title: string; text: string }> {
  await fillForm(page, sender);
  await page.getByRole("button", { name: "Say Hello 👋" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const shown = {
    title: (await dialog.getByRole("heading").textContent()) ?? "",
    text: (await dialog.locator("p").textContent()) ?? "",
  };
  await expectCleared(page);
  await dialog.getByRole("button", { name: "Close" }).click();
  return shown;
}

const expectDeliveredOnce = (sender: Visitor, id: string) => deliveredOnce(server.dataDir, sender, id);

test.describe("an answer worth waiting for: kept, said so, delivered once", () => {
  test("a 503 with Retry-After on save: sent by the page once the delay has passed", async ({ page }) => {
    const ana = visitor("503 on save");
    await openContact(page);
    // Busy until the test has looked at the outbox: the page's retries (after 1 s) meet 503 too.
    proxy.failAll(SAVE, { status: 503, retryAfter: 1, error: "The disk is full." });
    const savesBefore = proxy.count(SAVE);

    expect(await submit(page, ana)).toEqual({ title: QUEUED_TITLE, text: QUEUED_BUSY });
    const [entry] = await readOutbox(page);
    const id = entry?.id ?? "";
    expect(entry).toMatchObject({ status: "pending", saved: false, lastStatus: 503, message: ana });
    expect(storedMessages(server.dataDir).filter((message) => message.id === id)).toHaveLength(0);

    proxy.heal(SAVE);
    await expect(page.getByText(SENT_ONE)).toBeVisible({ timeout: 20_000 });
    expect(await readOutbox(page)).toEqual([]);
    await expectDeliveredOnce(ana, id);
    // Refused until healed, then accepted.
    expect(proxy.count(SAVE) - savesBefore).toBeGreaterThanOrEqual(2);
  });

  test("a 429 with Retry-After on notify, after the save: saved once, mailed once", async ({ page }) => {
    const ben = visitor("429 on notify");
    await openContact(page);
    proxy.failAll(NOTIFY, { status: 429, retryAfter: 1, error: "Too many messages. Try again in a second." });
    const notifiesBefore = proxy.count(NOTIFY);

    expect(await submit(page, ben)).toEqual({ title: QUEUED_TITLE, text: QUEUED_BUSY });
    const [entry] = await readOutbox(page);
    const id = entry?.id ?? "";
    expect(entry).toMatchObject({ status: "pending", saved: true, lastStatus: 429 });
    // Stored by the submit; not mailed yet.
    expect(storedMessages(server.dataDir).filter((message) => message.id === id)).toHaveLength(1);
    expect(await mailsFrom(outboxMails(server.dataDir), ben.name)).toHaveLength(0);

    proxy.heal(NOTIFY);
    await expect(page.getByText(SENT_ONE)).toBeVisible({ timeout: 20_000 });
    await expectDeliveredOnce(ben, id);
    expect(proxy.count(NOTIFY) - notifiesBefore).toBeGreaterThanOrEqual(2);
  });

  test("a 503 on notify without Retry-After: the worker's Background Sync sends it", async ({ page }) => {
    const cai = visitor("503 on notify");
    await openContact(page);
    proxy.fail(NOTIFY, { status: 503, error: "Busy." });

    expect(await submit(page, cai)).toEqual({ title: QUEUED_TITLE, text: QUEUED_BUSY });
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    const delivered = (await heardMessages(page)).filter((message) => message.type === "OUTBOX_DELIVERED");
    expect(delivered).toEqual([{ type: "OUTBOX_DELIVERED", id: delivered[0]?.id, from: "worker" }]);
    await expectDeliveredOnce(cai, delivered[0]?.id ?? "");
  });
});

test.describe("a refusal that is not about the input: kept as refused, for the visitor to decide", () => {
  test("a 403 on save: listed with the server's error; Retry sends it once", async ({ page }) => {
    const dee = visitor("403 on save");
    await openContact(page);
    proxy.fail(SAVE, { status: 403, error: "This origin may not send messages." });

    const shown = await submit(page, dee);
    expect(shown.title).toBe("Message not sent");
    expect(shown.text).toContain("It is kept on this device, below the form");
    expect(shown.text).toContain("This origin may not send messages.");

    const refused = page.getByRole("region", { name: "1 message could not be sent" });
    await expect(refused).toContainText(dee.name);
    await expect(refused).toContainText("The server refused it: This origin may not send messages.");
    const [entry] = await readOutbox(page);
    const id = entry?.id ?? "";
    expect(entry).toMatchObject({ status: "failed", saved: false, lastStatus: 403 });
    // Never sent by itself, not even by a reload's drain.
    await page.reload();
    await outboxReady(page);
    expect(await readOutbox(page)).toMatchObject([{ id, status: "failed", attempts: 1 }]);

    await refused.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText(SENT_ONE)).toBeVisible();
    await expect(page.getByRole("region", { name: /could not be sent/ })).toHaveCount(0);
    await expectDeliveredOnce(dee, id);
  });

  test("a 401 on notify: listed; Discard removes it, and it is never mailed", async ({ page }) => {
    const eve = visitor("401 on notify");
    await openContact(page);
    proxy.fail(NOTIFY, { status: 401, error: "Invalid API key." });

    expect((await submit(page, eve)).text).toContain("The server said: Invalid API key.");
    const [entry] = await readOutbox(page);
    expect(entry).toMatchObject({ status: "failed", saved: true, lastStatus: 401 });

    const refused = page.getByRole("region", { name: "1 message could not be sent" });
    await refused.getByRole("button", { name: "Discard" }).click();
    const confirm = page.getByRole("dialog", { name: "Discard this message?" });
    await confirm.getByRole("button", { name: "Discard message" }).click();
    await expect(page.getByRole("region", { name: /could not be sent/ })).toHaveCount(0);
    expect(await readOutbox(page)).toEqual([]);
    expect(await mailsFrom(outboxMails(server.dataDir), eve.name)).toHaveLength(0);
  });

  test("a 422 on notify is about the input: R-8's modal with the server's error, nothing kept", async ({
    page,
  }) => {
    await openContact(page);
    proxy.fail(NOTIFY, { status: 422, error: "The message is too long." });
    expect(await submit(page, visitor("422 on notify"))).toEqual({
      title: "Message not sent",
      text: "The message is too long.",
    });
    expect(await readOutbox(page)).toEqual([]);
  });
});
