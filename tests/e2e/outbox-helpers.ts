/** Helpers for the contact form's end-to-end tests (outbox*.spec.ts, contact.spec.ts, dialog-motion.spec.ts, hydrate-on-need.spec.ts). */
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import {
  OUTBOX_DB_NAME,
  OUTBOX_NAME,
  OUTBOX_STORE_NAME,
  type OutboxMessage,
} from "../../src/shared/contact/outbox-channel";
import type { OutboxEntry } from "../../src/shared/contact/outbox-store";
import { pageSettled } from "./fixtures";
import { outboxMails, storedMessages } from "./server";

export interface Visitor {
  name: string;
  email: string;
  message: string;
}

/** Visitors with names no other test uses (mails are matched by name), for the test file `file`. */
export function visitors(file: string): (label: string) => Visitor {
  let count = 0;
  return (label) => {
    count += 1;
    return {
      name: `${label} ${count} ${Date.now()}`,
      email: `${file}${count}@example.com`,
      message: `Message "${label}" with unicode: ✉️ 日本語`,
    };
  };
}

export async function fillForm(page: Page, visitor: Visitor): Promise<void> {
  await page.getByLabel("Name", { exact: true }).fill(visitor.name);
  await page.getByLabel("Email", { exact: true }).fill(visitor.email);
  await page.getByLabel("Message", { exact: true }).fill(visitor.message);
}

export async function expectCleared(page: Page): Promise<void> {
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
}

/** Opens the contact page (at `url`), waits for it to settle, fills it in and presses Say Hello. */
export async function submitContact(page: Page, visitor: Visitor, url = "/contact"): Promise<void> {
  await page.goto(url);
  await pageSettled(page);
  await fillForm(page, visitor);
  await page.getByRole("button", { name: "Say Hello 👋" }).click();
}

/**
 * Holds every notification request until `release()` (each still goes to the real server then),
 * so the wait is visible; `requests()` counts the requests the page made.
 */
export async function holdNotifications(page: Page): Promise<{ release(): void; requests(): number }> {
  let requests = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/email/send-notification", async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  return { release: () => release(), requests: () => requests };
}

/** Submits the form and closes the modal after checking its title. */
export async function submitAndClose(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: "Say Hello 👋" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText(title);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The contact page's outbox client has read the outbox (and listens to the worker and other tabs,
 * which it starts before reading): the waiting count is no longer busy.
 */
export async function outboxReady(page: Page): Promise<void> {
  await expect(page.locator(".outbox-waiting__count")).toHaveAttribute("aria-busy", "false", {
    timeout: 20_000,
  });
}

/** The service worker this page registered is active and controls the page. */
export async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/**
 * Waits until the page's Background Sync registration for "contact-outbox" exists (the page asks
 * for it right after queueing, without holding up the modal): going back online before it exists
 * would test nothing.
 */
export async function syncRegistered(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async (tag) => {
        const registration = (await navigator.serviceWorker.getRegistration()) as
          | (ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } })
          | undefined;
        return (await registration?.sync?.getTags())?.includes(tag) ?? false;
      }, OUTBOX_NAME),
    )
    .toBe(true);
}

/**
 * Every entry of the outbox, read straight from IndexedDB in the page. A database that does not
 * exist yet is not created by this read (the upgrade is aborted), so the app still creates its
 * own store later.
 */
export function readOutbox(page: Page): Promise<OutboxEntry[]> {
  return page.evaluate(
    ({ dbName, storeName }) =>
      new Promise<OutboxEntry[]>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction(storeName, "readonly").objectStore(storeName).getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as OutboxEntry[]).sort((a, b) => a.queuedAt - b.queuedAt));
          };
          all.onerror = () => {
            db.close();
            reject(all.error);
          };
        };
      }),
    { dbName: OUTBOX_DB_NAME, storeName: OUTBOX_STORE_NAME },
  );
}

declare global {
  interface Window {
    /** Every outbox message this page heard on the BroadcastChannel (see recordOutboxMessages). */
    __outboxMessages?: OutboxMessage[];
  }
}

/**
 * Records, in every page of the context from its first script on, the outbox messages posted on
 * the BroadcastChannel (by the worker or another page), so a test can tell who delivered.
 */
export async function recordOutboxMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript((name) => {
    window.__outboxMessages = [];
    new BroadcastChannel(name).onmessage = (event: MessageEvent) => {
      window.__outboxMessages?.push(event.data as OutboxMessage);
    };
  }, OUTBOX_NAME);
}

export function heardMessages(page: Page): Promise<OutboxMessage[]> {
  return page.evaluate(() => window.__outboxMessages ?? []);
}

/**
 * Fires the worker's Background Sync event for "contact-outbox" through the DevTools protocol
 * (`ServiceWorker.dispatchSyncEvent`), as Chromium does when the connection returns. The
 * registration id comes from the `ServiceWorker` domain's events after `ServiceWorker.enable`.
 */
export async function dispatchOutboxSync(
  context: BrowserContext,
  page: Page,
  lastChance = false,
): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  try {
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find(
          (registration) => new URL(registration.scopeURL).origin === origin && !registration.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      });
      cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
        const active = versions.find(
          (version) => new URL(version.scriptURL).origin === origin && version.status === "activated",
        );
        if (active) resolve(active.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.dispatchSyncEvent", {
      origin,
      registrationId: await registrationId,
      tag: OUTBOX_NAME,
      lastChance,
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Opens the contact page at `url` (recording the outbox messages from the page's first script
 * on) and waits until the worker controls it and the outbox was read.
 */
export async function openContactWithWorker(page: Page, context: BrowserContext, url: string): Promise<void> {
  await recordOutboxMessages(context);
  await page.goto(url);
  await pageSettled(page);
  await workerInControl(page);
  await outboxReady(page);
}

/** The server of `dataDir` stored the message `id` once, as `sender` wrote it, and mailed it once. */
export async function expectDeliveredOnce(dataDir: string, sender: Visitor, id: string): Promise<void> {
  expect(storedMessages(dataDir).filter((message) => message.id === id)).toMatchObject([sender]);
  expect(await mailsFrom(outboxMails(dataDir), sender.name), "mails").toHaveLength(1);
}

/** The mails the server wrote for the sender `name` (parsed, so encoded headers compare as text). */
export async function mailsFrom(mails: string[], name: string): Promise<ParsedMail[]> {
  const parsed = await Promise.all(mails.map((raw) => simpleParser(raw)));
  return parsed.filter((mail) => mail.subject === `New portfolio message from ${name}`);
}
