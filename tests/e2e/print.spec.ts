import { projects } from "../../src/content/projects";
import { expect, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce", serviceWorkers: "block" });

test.describe("printing a page", () => {
  test("hides the controls, prints light, writes each external link's address and keeps cards whole", async ({
    page,
  }) => {
    await page.goto("/project");
    await pageSettled(page);
    await switchAnimated(page);
    await themeSwitch(page).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const screenBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(screenBackground).not.toBe("rgb(255, 255, 255)");

    await page.emulateMedia({ media: "print" });
    // The light theme, whatever the screen showed.
    // At once: read once. (A screen-only colour fade once outranked print.css, and a loaded machine
    // read rgb(251, 251, 251), the fade to white nearly done.)
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      "rgb(255, 255, 255)",
    );
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(page.getByRole("switch", { name: "Dark mode" })).toBeHidden();
    await expect(nav.getByRole("link", { name: /^E-mail/ })).toBeHidden();
    await expect(nav.getByRole("link", { name: /^Resume/ })).toBeHidden();
    const buttons = await page.locator("button").all();
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) await expect(button).toBeHidden();

    const firstCard = page.locator("article.project-card").first();
    expect(await firstCard.evaluate((card) => getComputedStyle(card).breakInside)).toBe("avoid");
    const link = firstCard.getByRole("link", { name: /^Visit Project/ });
    await expect(link).toBeVisible();
    expect(await link.evaluate((a) => getComputedStyle(a, "::after").content)).toBe(
      `" (${projects[0]?.link})"`,
    );

    // The home page: the hero's buttons, Share included, are gone from paper.
    await page.goto("/");
    await pageSettled(page);
    await expect(page.getByRole("main").getByRole("button", { name: "Share" })).toBeHidden();
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Me" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
