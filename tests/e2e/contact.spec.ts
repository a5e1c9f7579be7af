import type { ParsedMail } from "mailparser";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import { profile } from "../../src/content/profile";
import { expect, pageSettled, test } from "./fixtures";
import { expectCleared, holdNotifications, mailsFrom, submitContact } from "./outbox-helpers";
import {
  closedPort,
  E2E_PORT,
  mainDataDir,
  outboxMails,
  type RunningServer,
  startServer,
  storedMessages,
} from "./server";

const dataDir = mainDataDir(E2E_PORT);
/** The main server's messages from one sender: other files' tests post to it at the same time. */
const storedFrom = (name: string) => storedMessages(dataDir).filter((message) => message.name === name);

const VISITOR = {
  name: "Zoë Ünïcödé 🚀",
  email: "zoe@example.com",
  message: "Hello from the end-to-end test!\nSecond line: 日本語 ✉️ <b>not bold</b>",
};

test.describe("contact form against the real server (npm start)", () => {
  test("a message is saved once, mailed once, and the server's msg is shown", async ({ page }) => {
    const before = {
      stored: storedFrom(VISITOR.name).length,
      mailed: (await mailsFrom(outboxMails(dataDir), VISITOR.name)).length,
    };
    await submitContact(page, VISITOR);

    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(SENT_MESSAGE);
    await expectCleared(page);

    const stored = storedFrom(VISITOR.name).slice(before.stored);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(VISITOR);
    expect(stored[0]?.id).toMatch(/^[0-9a-f-]{36}$/);

    const mails = (await mailsFrom(outboxMails(dataDir), VISITOR.name)).slice(before.mailed);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as ParsedMail;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(profile.email);
    expect(mail.subject).toContain(VISITOR.name);
    expect(mail.text).toContain(VISITOR.message);
    expect(mail.html || "").toContain("&lt;b&gt;not bold&lt;/b&gt;");
  });

  test("while sending, the button shows the loading animation and a second submit does nothing", async ({
    page,
  }) => {
    const before = storedFrom(VISITOR.name).length;
    // Hold the notification request (it still goes to the real server) so the wait is visible.
    const notifications = await holdNotifications(page);
    await submitContact(page, VISITOR);

    const busy = page.getByRole("button", { name: "Sending your message" });
    await expect(busy).toHaveAttribute("aria-disabled", "true");
    await expect(busy).not.toContainText("Say Hello");
    // The animation itself (the Lottie engine's SVG, loaded lazily), not the box that holds its place.
    const animation = busy.locator(".loading-animation__lottie svg");
    await expect(animation).toBeVisible();
    // Measured once the button's own press transition (its scale back from `:active`) has ended.
    await busy.evaluate((button) => Promise.all(button.getAnimations().map((played) => played.finished)));
    expect(await animation.boundingBox()).toMatchObject({ width: 32, height: 32 });
    await busy.click({ force: true });
    await page.keyboard.press("Enter");

    notifications.release();
    await expect(page.getByRole("dialog")).toContainText(SENT_MESSAGE);
    expect(notifications.requests()).toBe(1);
    expect(storedFrom(VISITOR.name).length - before).toBe(1);
    await expect(page.getByRole("button", { name: "Say Hello 👋" })).toBeVisible();
  });

  test("the whole flow with the keyboard alone; then empty fields show 'Please Fill all Fields!' and send nothing", async ({
    page,
  }) => {
    const before = storedFrom("Keyboard Kim").length;
    await page.goto("/contact");
    await pageSettled(page);
    const name = page.getByLabel("Name", { exact: true });
    // Tab from the top of the page until the Name field has focus.
    for (
      let presses = 0;
      presses < 20 && !(await name.evaluate((element) => element === document.activeElement));
      presses++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(name).toBeFocused();
    await page.keyboard.type("Keyboard Kim");
    await page.keyboard.press("Tab");
    await page.keyboard.type("kim@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Sent without a mouse.");
    await page.keyboard.press("Tab");
    const submit = page.getByRole("button", { name: "Say Hello 👋" });
    await expect(submit).toBeFocused();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(SENT_MESSAGE);
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Say Hello 👋" })).toBeFocused();
    expect(storedFrom("Keyboard Kim").slice(before)).toMatchObject([{ email: "kim@example.com" }]);

    await test.step("empty fields show 'Please Fill all Fields!' and send nothing", async () => {
      const blank = () => storedMessages(dataDir).filter((message) => message.email === "blank@example.com");
      const blankBefore = blank().length;
      await page.getByLabel("Email", { exact: true }).fill("blank@example.com");
      await page.getByRole("button", { name: "Say Hello 👋" }).click();
      await expect(page.getByRole("dialog")).toContainText("Please Fill all Fields!");
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("blank@example.com");
      expect(blank()).toHaveLength(blankBefore);
    });
  });
});

test.describe("contact form when mail delivery fails", () => {
  let failing: RunningServer;

  test.beforeAll(async () => {
    failing = await startServer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, STATIC_DIR: "dist" });
  });
  test.afterAll(async () => failing?.stop());
  // The message is stored and its mail queued: the server retries it, so the visitor is told it is sent.
  test("the modal says it is sent and the fields are cleared; the mail waits in the server's queue", async ({
    page,
  }) => {
    await submitContact(page, VISITOR, `${failing.url}/contact`);
    await expect(page.getByRole("dialog")).toContainText(SENT_MESSAGE);
    await expectCleared(page);
    expect(storedMessages(failing.dataDir)).toHaveLength(1);
    expect(outboxMails(failing.dataDir)).toHaveLength(0);
  });
});
