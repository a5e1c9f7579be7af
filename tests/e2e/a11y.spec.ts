import { expect, expectNoAxeViolations, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";

const ROUTES = ["/", "/skills", "/project", "/contact", "/no-such-page"];

// The not-found route answers 404, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 404/] });

for (const theme of ["light", "dark"] as const) {
  for (const route of ROUTES) {
    test(`${route} has no axe violations in the ${theme} theme`, async ({ page }) => {
      await page.goto(route);
      await pageSettled(page);
      await switchAnimated(page);
      if (theme === "dark") {
        await themeSwitch(page).click();
        await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      }
      await expectNoAxeViolations(page);
    });
  }
}
