/**
 * The contact form without JavaScript (and clicked before the page hydrated): a real POST to the
 * server, answered with the contact page, the result and what was typed. Runs against its own
 * server (a generous rate limit, its own data dir) so the other contact tests keep theirs.
 */
import type { Page, Request } from "@playwright/test";
import { simpleParser } from "mailparser";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import { ui } from "../../src/content/interface";
import { profile } from "../../src/content/profile";
import { expect, expectNoAxeViolations, pageStill, test } from "./fixtures";
import { outboxMails, type RunningServer, startServer, storedMessages } from "./server";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce", serviceWorkers: "block" });

const VISITOR = {
  name: 'Zoë "Nojs" <b>Ünïcödé</b> 🚀',
  email: "zoe.nojs@example.com",
  message: "Sent without JavaScript.\nSecond line: 日本語 ✉️ <script>alert(1)</script> & 'quotes'",
};

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ STATIC_DIR: "dist", RATE_LIMIT_MAX: "1000" });
});

test.afterAll(async () => {
  await server?.stop();
});

function field(page: Page, label: "Name" | "Email" | "Message") {
  return page.getByLabel(label, { exact: true });
}

async function fillForm(page: Page, visitor: Partial<typeof VISITOR>) {
  if (visitor.name !== undefined) await field(page, "Name").fill(visitor.name);
  if (visitor.email !== undefined) await field(page, "Email").fill(visitor.email);
  if (visitor.message !== undefined) await field(page, "Message").fill(visitor.message);
}

/** Every URL the page requests, for checking that nothing typed travels in one. */
function recordUrls(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

/** Clicks 'Say Hello 👋' and returns the answer to the form's POST. */
async function submit(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Say Hello 👋" }).click(),
  ]);
  await page.waitForLoadState("load");
  return response;
}

function expectNotInUrls(page: Page, requests: Request[], values: string[]) {
  const urls = [page.url(), ...requests.map((request) => request.url())];
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, " "));
    expect(new URL(url).search, url).toBe("");
    for (const value of values) {
      for (const part of value.split(/\s+/).filter((word) => word.length > 3)) {
        expect(decoded, url).not.toContain(part);
      }
    }
  }
}

/** The contact page with JavaScript off (no pageSettled: its polling needs scripts in the page). */
async function openWithoutScripts(page: Page) {
  await page.goto(`${server.url}/contact`);
  await expect(page.getByRole("heading", { level: 1, name: "Let's Talk" })).toBeVisible();
}

test.describe("with JavaScript turned off", () => {
  // Chromium logs any document answered with an error status; the 400s here are on purpose.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("a valid message is posted, stored once, mailed once, and never in a URL", async ({ page }) => {
    const requests = recordUrls(page);
    await openWithoutScripts(page);
    await fillForm(page, VISITOR);
    const response = await submit(page);

    expect(response.status()).toBe(200);
    // A form post (CRLF line breaks, as browsers send them), not a URL.
    expect(response.request().postDataJSON()).toEqual({
      ...VISITOR,
      message: VISITOR.message.replace(/\n/g, "\r\n"),
    });
    const result = page.locator("#contact-result");
    await expect(result).toContainText("Message sent");
    await expect(result).toContainText(SENT_MESSAGE);
    await expect(result).toBeFocused();
    await expect(page).toHaveTitle(/^Message sent · /);
    expect(page.url()).toBe(`${server.url}/contact`);
    expectNotInUrls(page, requests, Object.values(VISITOR));
    // Sent: the form is empty again, ready for another message.
    await expect(field(page, "Name")).toHaveValue("");
    await expect(field(page, "Message")).toHaveValue("");

    const stored = storedMessages(server.dataDir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(VISITOR);
    const mails = outboxMails(server.dataDir);
    expect(mails).toHaveLength(1);
    const mail = await simpleParser(mails[0] ?? "");
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(profile.email);
    expect(mail.text).toContain(VISITOR.message);
  });

  test("blank fields get 'Please Fill all Fields!', keep what was typed, and store nothing", async ({
    page,
  }) => {
    const before = storedMessages(server.dataDir).length;
    const mailed = outboxMails(server.dataDir).length;
    await openWithoutScripts(page);
    await fillForm(page, { email: VISITOR.email, message: "   " });
    const response = await submit(page);

    expect(response.status()).toBe(400);
    await expect(page.locator("#contact-result")).toContainText(ui.contact.invalid.empty);
    await expect(field(page, "Email")).toHaveValue(VISITOR.email);
    await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "Name")).toHaveAccessibleDescription(/Please Fill all Fields!/);
    expect(page.url()).toBe(`${server.url}/contact`);
    expect(storedMessages(server.dataDir)).toHaveLength(before);
    expect(outboxMails(server.dataDir)).toHaveLength(mailed);
  });

  test("an error page keeps every typed character, and the corrected message then goes through", async ({
    page,
  }) => {
    const requests = recordUrls(page);
    const typed = { ...VISITOR, email: "zoe.nojs@", message: `${VISITOR.message} (second)` };
    const before = storedMessages(server.dataDir).length;
    await openWithoutScripts(page);
    await fillForm(page, typed);
    expect((await submit(page)).status()).toBe(400);

    await expect(page.locator("#contact-result")).toContainText(ui.contact.invalid.email);
    await expect(field(page, "Name")).toHaveValue(typed.name);
    await expect(field(page, "Email")).toHaveValue(typed.email);
    await expect(field(page, "Message")).toHaveValue(typed.message);
    await expect(page.locator("#contact-message-count")).toHaveText(
      `${typed.message.length} / 5000 characters`,
    );

    await field(page, "Email").fill(VISITOR.email);
    expect((await submit(page)).status()).toBe(200);
    await expect(page.locator("#contact-result")).toContainText(SENT_MESSAGE);
    const stored = storedMessages(server.dataDir).slice(before);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...typed, email: VISITOR.email });
    expectNotInUrls(page, requests, Object.values(typed));
  });
});

/**
 * Opens the contact page with the app's entry script held back: the prerendered form is on
 * screen and usable, nothing has hydrated. Returns the function that lets the script go.
 */
async function openBeforeHydration(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await page.goto(`${server.url}/contact`, { waitUntil: "commit" });
  return release;
}

// Axe needs scripts to run, so the result pages are checked here, with JavaScript on: they carry
// no scripts of their own, so they are the very pages a visitor without JavaScript gets.
test.describe("with JavaScript on, clicked before the page hydrated", () => {
  test("posts the form, shows the result page without scripts, passes axe and logs no error", async ({
    page,
  }) => {
    const before = storedMessages(server.dataDir).length;
    const requests = recordUrls(page);
    const message = { ...VISITOR, message: "Clicked before hydration." };
    const release = await openBeforeHydration(page);
    await fillForm(page, message);
    const response = await submit(page);
    release();

    expect(response.status()).toBe(200);
    await expect(page.locator("#contact-result")).toContainText(SENT_MESSAGE);
    expect(await page.locator("script").count()).toBe(0);
    expectNotInUrls(page, requests, Object.values(message));
    expect(storedMessages(server.dataDir).slice(before)).toHaveLength(1);
    await pageStill(page);
    await expectNoAxeViolations(page);
  });

  test.describe("an error page", () => {
    test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

    test("says what is wrong, keeps the text, passes axe", async ({ page }) => {
      const release = await openBeforeHydration(page);
      await fillForm(page, { name: VISITOR.name, message: VISITOR.message });
      expect((await submit(page)).status()).toBe(400);
      release();

      await expect(page.locator("#contact-result")).toContainText(ui.contact.invalid.empty);
      await expect(field(page, "Name")).toHaveValue(VISITOR.name);
      await expect(field(page, "Message")).toHaveValue(VISITOR.message);
      await pageStill(page);
      await expectNoAxeViolations(page, "main");
    });
  });
});
