import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AnimationItem } from "lottie-web";
import lottie from "lottie-web/build/player/lottie_light.js";
import { useState } from "react";
import { warmUpEngine } from "../../../src/features/theme/lottie-toggle";
import { ToggleSwitch } from "../../../src/features/theme/toggle-switch";
import { renderApp } from "../render-app";

// The numbers in these tests are the requirements' own (docs/requirements.md R-4.2, R-9.4), written out
// rather than read from the code's constants, so that a changed constant fails here.

/** A parent that owns the state, like the navigation bar does with the theme. */
function Harness({ onChange, size }: { onChange: (value: boolean) => void; size?: number }) {
  const [checked, setChecked] = useState(false);
  return (
    <ToggleSwitch
      checked={checked}
      label="Dark mode"
      {...(size ? { size } : {})}
      onChange={(next) => {
        setChecked(next);
        onChange(next);
      }}
    />
  );
}

/** The real lottie-web light engine; `getRegisteredAnimations` is not in its type declarations. */
const engine = lottie as unknown as { getRegisteredAnimations(): AnimationItem[] };

/** The animation the component drew with. */
async function loadedAnimation(): Promise<AnimationItem> {
  await waitFor(() =>
    expect(document.querySelector('.toggle-switch__lottie[data-ready="true"]')).not.toBeNull(),
  );
  const animation = engine.getRegisteredAnimations().at(-1);
  if (!animation) throw new Error("no animation registered");
  return animation;
}

describe("toggle switch", () => {
  /** The width × height a `toggle-switch--<size>` class sets in toggle-switch.css. */
  function sizeRule(size: number): string | undefined {
    const css = readFileSync(
      join(import.meta.dirname, "../../../src/features/theme/toggle-switch.css"),
      "utf8",
    );
    const rule = new RegExp(
      `\\.toggle-switch--${size}\\s*\\{\\s*width:\\s*(\\d+)px;\\s*height:\\s*(\\d+)px;`,
    ).exec(css);
    return rule ? `${rule[1]}×${rule[2]}` : undefined;
  }

  it("is a switch with a name, sized 85 × 0.47 by default (a class, no style attribute for the CSP)", () => {
    render(<Harness onChange={() => {}} />);
    const toggle = screen.getByRole("switch", { name: "Dark mode" });
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(toggle).toHaveClass("toggle-switch--85");
    expect(toggle).not.toHaveAttribute("style");
    expect(sizeRule(85)).toBe(`85×${Math.round(85 * 0.47)}`);
  });

  it("takes the size it is given (the navbar's 50, or any other)", () => {
    const { unmount } = render(<Harness onChange={() => {}} size={50} />);
    expect(screen.getByRole("switch")).toHaveClass("toggle-switch--50");
    expect(sizeRule(50)).toBe(`50×${Math.round(50 * 0.47)}`);
    unmount();
    render(<Harness onChange={() => {}} size={60} />);
    expect(screen.getByRole("switch").style.width).toBe("60px");
    expect(screen.getByRole("switch").style.height).toBe(`${Math.round(60 * 0.47)}px`);
  });

  it("is 50 wide (and 0.47 × 50 high) in the navigation bar", async () => {
    renderApp("/");
    // The data router renders once the page's lazy route has loaded.
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const toggle = nav.querySelector('[role="switch"]');
    expect(toggle).toHaveClass("toggle-switch--50");
    expect(toggle).not.toHaveAttribute("style");
  });

  it("flips on click, reports the new value, and plays 2→50 then 51→96 at speed 1.3 without looping", async () => {
    const user = userEvent.setup();
    const reported: boolean[] = [];
    render(<Harness onChange={(value) => reported.push(value)} />);
    const animation = await loadedAnimation();
    expect(animation.totalFrames).toBe(97);

    const toggle = screen.getByRole("switch");
    await user.click(toggle);
    expect(reported).toEqual([true]);
    expect(toggle).toHaveAttribute("aria-checked", "true");
    await waitFor(() => expect(animation.firstFrame).toBe(2));
    expect(animation.firstFrame + animation.totalFrames).toBe(50);
    expect(animation.playSpeed).toBe(1.3);
    expect(animation.loop).toBe(false);

    await user.click(toggle);
    expect(reported).toEqual([true, false]);
    await waitFor(() => expect(animation.firstFrame).toBe(51));
    expect(animation.firstFrame + animation.totalFrames).toBe(96);
    expect(animation.playSpeed).toBe(1.3);
    expect(animation.loop).toBe(false);
  });

  it("stands in with a static switch until the engine is in (the browser idle); a click before it flips at once, then plays", async () => {
    const reported: boolean[] = [];
    render(<Harness onChange={(value) => reported.push(value)} />);
    const toggle = screen.getByRole("switch");
    // Rendered: the static stand-in shows until the engine has drawn (the engine itself loads when the
    // browser is idle; an earlier test of this file may have loaded it already).
    expect(document.querySelector(".toggle-switch__static")).not.toBeNull();
    expect(document.querySelector('.toggle-switch__lottie[data-ready="true"]')).toBeNull();

    // A click with no hover or focus first (a touch screen's tap on a page still loading).
    fireEvent.click(toggle);
    expect(reported).toEqual([true]);
    expect(toggle).toHaveAttribute("aria-checked", "true");
    expect(document.querySelector(".toggle-switch__static")).toHaveAttribute("data-checked", "true");

    // The engine arrives and plays the change the visitor made: 2→50.
    const animation = await loadedAnimation();
    await waitFor(() => expect(animation.firstFrame).toBe(2));
    expect(animation.firstFrame + animation.totalFrames).toBe(50);
  });

  it("is operated by Space and Enter", async () => {
    const user = userEvent.setup();
    const reported: boolean[] = [];
    render(<Harness onChange={(value) => reported.push(value)} />);
    await user.tab();
    expect(screen.getByRole("switch")).toHaveFocus();
    await user.keyboard(" ");
    await user.keyboard("{Enter}");
    expect(reported).toEqual([true, false]);
  });

  it("works when clicked before the animation has loaded, and then shows the right state", async () => {
    const user = userEvent.setup();
    const reported: boolean[] = [];
    render(<Harness onChange={(value) => reported.push(value)} />);
    await user.click(screen.getByRole("switch"));
    expect(reported).toEqual([true]);
    const animation = await loadedAnimation();
    // At rest on the checked pose: the segment's last drawn frame (lottie ends a range one short of its end).
    await waitFor(() => expect(animation.firstFrame + animation.currentFrame).toBeGreaterThanOrEqual(50 - 1));
  });

  it("warms the engine up without leaving an animation or a node behind", () => {
    const registered = engine.getRegisteredAnimations().length;
    const page = document.documentElement.outerHTML;
    warmUpEngine();
    expect(engine.getRegisteredAnimations()).toHaveLength(registered);
    expect(document.documentElement.outerHTML).toBe(page);
  });
});
