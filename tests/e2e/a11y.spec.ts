import AxeBuilder from "@axe-core/playwright";

import { expect, pageSettled, switchAnimated, test, themeSwitch } from "./fixtures";

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
      // Let the 0.3 s colour transition finish before contrast is measured.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .every((animation) => animation.playState !== "running"),
      );
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
        .analyze();
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`,
        ),
      ).toEqual([]);
    });
  }
}
