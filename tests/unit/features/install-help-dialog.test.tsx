import { render, screen, within } from "@testing-library/react";
import type { InstallHelpPlatform } from "../../../src/features/pwa/install-help";
import { InstallHelpDialog } from "../../../src/features/pwa/install-help-dialog";

/**
 * The steps each platform is shown (which platform a browser is: install-help.test.ts; the dialog
 * opened from the navigation bar on a real iPhone user agent: tests/e2e/install-help.spec.ts).
 */
const cases: Array<[InstallHelpPlatform, RegExp[], number]> = [
  ["ios", [/Tap Share in the browser's toolbar/, /Choose Add to Home Screen/, /Tap Add/], 2],
  ["macos-safari", [/Choose Add to Dock…, then Add/], 1],
  ["firefox-android", [/Choose Install/], 2],
];

describe("the install help's steps", () => {
  it.each(cases)("%s", (platform, steps, icons) => {
    render(
      <InstallHelpDialog
        platform={platform}
        open
        onClose={() => {}}
        onDismiss={() => {}}
        returnFocusTo={() => null}
      />,
    );
    const items = within(screen.getByRole("dialog", { name: "Install this app" })).getAllByRole("listitem");
    for (const step of steps) {
      expect(
        items.some((item) => step.test(item.textContent ?? "")),
        String(step),
      ).toBe(true);
    }
    expect(document.querySelectorAll(".install-help__icon svg")).toHaveLength(icons);
  });
});
