/**
 * A page whose code cannot be loaded (docs/requirements.md ): the site's own error page in
 * its layout, never React Router's developer screen, and Retry (or the connection's return)
 * really fetches the chunk again. No service worker here: with one, every chunk comes from its
 * precache, and these are the visits before it has them.
 */
import { expect, pageSettled, test } from "./fixtures";

// Motion is not the subject here: pages are drawn without the slide-in to wait for.
test.use({ reducedMotion: "reduce" });

test.use({
  serviceWorkers: "block",
  // The blocked chunk's request, as Chromium reports it.
  allowedConsoleErrors: [/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/],
});

const SKILLS_CHUNK = /\/assets\/skills-[\w-]+\.js$/;

test("a page chunk that fails shows the error page in the layout; Retry loads the page", async ({ page }) => {
  await page.goto("/");
  await pageSettled(page);
  let blocked = 0;
  await page.route(SKILLS_CHUNK, (route) => {
    blocked += 1;
    return route.abort("failed");
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Skills" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded");
  await expect(main).toContainText("Part of the site did not arrive. Please try again.");
  await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
  // The site's layout stays: the navigation bar is there, the URL is the page asked for.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/skills");
  expect(blocked).toBe(1);

  await page.unroute(SKILLS_CHUNK);
  await main.getByRole("button", { name: "Retry" }).click();
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Skills & Technologies");
});

test("offline before the page's chunk was fetched: says so, and loads when the connection returns", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await pageSettled(page);
  await context.setOffline(true);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded");
  await expect(main).toContainText("You're offline, and this page is not saved on this device yet.");
  // Retry while still offline: the same page again, ready for another try.
  await main.getByRole("button", { name: "Retry" }).click();
  await expect(main.getByRole("button", { name: "Retry" })).toHaveAttribute("aria-disabled", "false");

  await context.setOffline(false);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("PROJECTS");
});
