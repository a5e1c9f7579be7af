import type { Page } from "@playwright/test";
import { SENT_MESSAGE } from "../../server/contact/api-routes";
import { expect, test } from "./fixtures";
import { holdNotifications, submitContact } from "./outbox-helpers";

const VISITOR = {
  name: "Motion Tester",
  email: "motion@example.com",
  message: "Checking the loading animation.",
};

/**
 * Submits the form with the notification held (it still reaches the real server once released),
 * waits until the Lottie loader is drawn, and tells whether its drawing changes over 30 frames.
 */
async function loaderMovesWhileSending(page: Page): Promise<boolean> {
  const notifications = await holdNotifications(page);
  await submitContact(page, VISITOR);
  const busy = page.getByRole("button", { name: "Sending your message" });
  await expect(busy.locator(".loading-animation__lottie svg")).toBeVisible();
  const moved = await busy.locator(".loading-animation__lottie").evaluate(async (player) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Let the player draw its first frame, then compare the drawing 30 frames later.
    for (let i = 0; i < 3; i += 1) await frame();
    const first = player.innerHTML;
    for (let i = 0; i < 30; i += 1) await frame();
    return player.innerHTML !== first;
  });
  notifications.release();
  await expect(page.getByRole("dialog")).toHaveAccessibleDescription(SENT_MESSAGE);
  return moved;
}

test.describe("the loading animation", () => {
  test("plays while a message is sending", async ({ page }) => {
    expect(await loaderMovesWhileSending(page)).toBe(true);
  });

  test.describe("under prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("stands still, and the button still says it is sending; its stand-in ring does not spin either", async ({
      page,
    }) => {
      expect(await loaderMovesWhileSending(page)).toBe(false);
      // The stand-in is drawn until the Lottie engine arrives; read its animation from the CSSOM.
      const animation = await page.evaluate(() => {
        const probe = document.createElement("span");
        probe.className = "loading-animation__fallback";
        document.body.append(probe);
        const name = getComputedStyle(probe).animationName;
        probe.remove();
        return name;
      });
      expect(animation).toBe("none");
    });
  });
});
