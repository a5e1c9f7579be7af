/**
 * The theme switch's resting frames, drawn by lottie-web's SVG renderer from the animation itself:
 * `src/features/theme/toggle-frames.css` is this test's output (`npx vitest run
 * tests/unit/toggle-frames.test.ts -u` writes it again after the animation changed). Before the
 * engine arrives the switch shows these, so it looks the same before and after React (issue 26).
 */
import lottie from "lottie-web/build/player/lottie_light";
import animation from "../../src/assets/lottie/toggle-switch.json";
import { TOGGLE_REST_FRAMES } from "../../src/features/theme/lottie-toggle";

/**
 * One frame's SVG, small: nothing hidden, no `style` attribute (the root's only sizes it),
 * coordinates to a thousandth of a unit (a 200-unit drawing shown 50 px wide), ids named by the frame.
 */
function frame(name: keyof typeof TOGGLE_REST_FRAMES): string {
  const container = document.createElement("div");
  const player = lottie.loadAnimation({
    container,
    renderer: "svg",
    loop: false,
    autoplay: false,
    animationData: structuredClone(animation),
  });
  player.goToAndStop(TOGGLE_REST_FRAMES[name], true);
  for (const hidden of container.querySelectorAll('[style*="display: none"]')) hidden.remove();
  for (const styled of container.querySelectorAll("[style]")) styled.removeAttribute("style");
  const svg = container.innerHTML.replaceAll(/-?\d+\.\d{4,}/g, (number) =>
    String(Number(Number(number).toFixed(3))),
  );
  player.destroy();
  // lottie-web numbers its clip and mask ids from a counter shared by every animation the test
  // worker has drawn (and prefixes them once lottie-react has run): named by the frame instead.
  const ids = new Map<string, string>();
  return svg.replaceAll(/[\w-]*__lottie_element_\d+/g, (id) => {
    if (!ids.has(id)) ids.set(id, `${name}-${ids.size + 1}`);
    return ids.get(id) ?? id;
  });
}

/** A frame as a CSS image: single quotes in the SVG, so that the URL can stand in double ones. */
const cssImage = (svg: string) =>
  `url("data:image/svg+xml,${svg.replaceAll('"', "'").replaceAll("%", "%25").replaceAll("#", "%23")}")`;

it("the committed frames are the animation's resting frames", async () => {
  const off = frame("off");
  const on = frame("on");
  expect(off).toMatch(/^<svg [^>]*viewBox="0 0 200 94"/);
  expect(off).not.toEqual(on);
  for (const svg of [off, on]) {
    expect(svg).not.toContain("'");
    expect(svg).not.toContain("style=");
  }
  await expect(
    [
      "/* Written by tests/unit/toggle-frames.test.ts from src/assets/lottie/toggle-switch.json: do not edit. */",
      "/* The theme switch's resting frames, off and on, as lottie-web's SVG renderer draws them. */",
      ".toggle-switch {",
      `  --toggle-frame-off: ${cssImage(off)};`,
      `  --toggle-frame-on: ${cssImage(on)};`,
      "}",
      "",
    ].join("\n"),
  ).toMatchFileSnapshot("../../src/features/theme/toggle-frames.css");
});
