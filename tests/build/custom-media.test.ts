/** The stylesheets' custom media (build/custom-media.ts): the queries of src/config/media.ts, resolved at build. */
import postcss from "postcss";
import { customMedia } from "../../build/custom-media";
import { media } from "../../src/config/media";

const build = (css: string) => postcss(customMedia()).process(css, { from: undefined }).css;

it("writes each named query from src/config/media.ts, nested or not, and no definition", () => {
  const css = build(
    ".a { @media (--tablet) { order: 0; } }\n@media (--reduced-motion) { .b { animation: none; } }",
  );
  expect(css).toContain(`@media ${media.tablet} {`);
  expect(css).toContain(`@media ${media.reducedMotion} {`);
  expect(css).not.toContain("--");
});

it("fails the build on a name it does not know (a browser would skip the rule)", () => {
  expect(() => build("@media (--tablets) { .a { order: 0; } }")).toThrow(/Unknown custom media/);
});
