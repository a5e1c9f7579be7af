import { render } from "@testing-library/react";
import { CodeHostIcon } from "../../../src/components/code-host-icon";

/**
 * The icon's file name, as the mask's URL names it (`/…/gitlab.svg`, with or without a hash). The
 * URL is set by the component's own `<style>` block (the CSP allows no style attributes).
 */
function drawnIcon(url: string): string {
  const { container } = render(<CodeHostIcon url={url} />);
  const mark = container.querySelector(".code-host-icon");
  const rule = container.querySelector("style")?.textContent ?? "";
  expect(mark).toBeInstanceOf(HTMLElement);
  return /--icon:url\("[^"]*\/([a-z]+)[^/"]*\.svg/.exec(rule)?.[1] ?? rule;
}

describe("CodeHostIcon", () => {
  it.each([
    ["https://github.com/someone", "github"],
    ["https://www.github.com/someone", "github"],
    ["https://gitlab.com/someone", "gitlab"],
    ["https://codeberg.org/someone", "codeberg"],
    ["https://bitbucket.org/someone", "bitbucket"],
    ["https://sr.ht/~someone", "sourcehut"],
    ["https://git.example.org/someone", "git"],
  ])("draws the mark of the host of %s", (url, icon) => {
    expect(drawnIcon(url)).toBe(icon);
  });
});
