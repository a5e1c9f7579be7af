import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AnimationItem } from "lottie-web";
import lottie from "lottie-web/build/player/lottie_light.js";
import { useState } from "react";
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

/** The real lottie-web light engine the component drew with. */
async function loadedAnimation(): Promise<AnimationItem> {
  await waitFor(() =>
    expect(document.querySelector('.toggle-switch__lottie[data-ready="true"]')).not.toBeNull(),
  );
  // Not in lottie-web's type declarations, but part of its runtime API.
  const engine = lottie as unknown as { getRegisteredAnimations(): AnimationItem[] };
  const animation = engine.getRegisteredAnimations().at(-1);
  if (!animation) throw new Error("no animation registered");
  return animation;
}

describe("toggle switch", () => {
  it("is a switch with a name, 85 wide and 0.47 × 85 high by default", () => {
    render(<Harness onChange={() => {}} />);
    const toggle = screen.getByRole("switch", { name: "Dark mode" });
    expect(toggle).toHaveAttribute("aria-checked", "false");
    expect(toggle.style.width).toBe("85px");
    expect(toggle.style.height).toBe(`${Math.round(85 * 0.47)}px`);
  });

  it("is 50 wide (and 0.47 × 50 high) in the navigation bar", async () => {
    renderApp("/");
    // The data router renders once the page's lazy route has loaded.
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const toggle = nav.querySelector('[role="switch"]');
    expect(toggle).toBeInstanceOf(HTMLElement);
    expect((toggle as HTMLElement).style.width).toBe("50px");
    expect((toggle as HTMLElement).style.height).toBe(`${Math.round(50 * 0.47)}px`);
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
});
