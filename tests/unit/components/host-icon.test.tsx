import { render } from "@testing-library/react";
import { HostIcon } from "../../../src/components/host-icon";

/**
 * What the icon shows: the mark's file name, as the mask's URL names it (`/…/gitlab.svg`, with or
 * without a hash; the URL is set by the component's own `<style>` block, the CSP allows no style
 * attributes), or "inline" for a glyph drawn in place.
 */
function drawnIcon(url: string, kind: "code" | "network"): string {
  const { container } = render(<HostIcon url={url} kind={kind} />);
  const rule = container.querySelector("style")?.textContent;
  if (rule === undefined) return container.querySelector("svg") ? `inline:${container.innerHTML}` : "none";
  expect(container.querySelector(`.${kind}-host-icon`)).toBeInstanceOf(HTMLElement);
  return /--icon:url\("[^"]*\/([a-z]+)[^/"]*\.svg/.exec(rule)?.[1] ?? rule;
}

describe("HostIcon", () => {
  it.each([
    ["https://github.com/someone", "github"],
    ["https://www.github.com/someone", "github"],
    ["https://gitlab.com/someone", "gitlab"],
    ["https://codeberg.org/someone", "codeberg"],
    ["https://bitbucket.org/someone", "bitbucket"],
    ["https://sr.ht/~someone", "sourcehut"],
    ["https://git.example.org/someone", "git"],
  ])("draws the code host's mark for %s", (url, icon) => {
    expect(drawnIcon(url, "code")).toBe(icon);
  });

  it.each([
    ["https://x.com/someone", "x"],
    ["https://twitter.com/someone", "x"],
    ["https://bsky.app/profile/someone", "bluesky"],
    ["https://www.xing.com/profile/someone", "xing"],
    ["https://dribbble.com/someone", "dribbble"],
  ])("draws the network's mark for %s", (url, icon) => {
    expect(drawnIcon(url, "network")).toBe(icon);
  });

  it("draws LinkedIn's badge for LinkedIn, and a different, generic glyph for an unknown network", () => {
    const linkedIn = drawnIcon("https://www.linkedin.com/in/someone", "network");
    const unknown = drawnIcon("https://people.example.org/someone", "network");
    expect(linkedIn).toMatch(/^inline:/);
    expect(unknown).toMatch(/^inline:/);
    expect(unknown).not.toBe(linkedIn);
  });
});
