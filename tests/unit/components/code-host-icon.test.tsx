import { render } from "@testing-library/react";
import { CodeHostIcon } from "../../../src/components/code-host-icon";

/** The icon's file name, as the mask's URL names it (`/…/gitlab.svg`, with or without a hash). */
function drawnIcon(url: string): string {
  const { container } = render(<CodeHostIcon url={url} />);
  const mask = (container.firstElementChild as HTMLElement).style.getPropertyValue("--icon");
  return /\/([a-z]+)[^/]*\.svg/.exec(mask)?.[1] ?? mask;
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
