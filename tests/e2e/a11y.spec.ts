import { expect, expectNoAxeViolations, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";

const ROUTES = ["/", "/skills", "/project", "/contact", "/no-such-page"];

// The not-found route answers 404, which the browser logs.
test.use({ serviceWorkers: "block", allowedConsoleErrors: [/status of 404/] });

// Each test is its own visit: they may run on both workers at once.
test.describe.configure({ mode: "parallel" });

// One visit per route: scanned in the light theme, then again once the switch has made it dark.
for (const route of ROUTES) {
  test(`${route} has no axe violations in the light theme nor in the dark one`, async ({ page }) => {
    await page.goto(route);
    await pageSettled(page);
    await switchAnimated(page);
    await test.step("light theme", () => expectNoAxeViolations(page));
    await themeSwitch(page).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await test.step("dark theme", () => expectNoAxeViolations(page));
  });
}
