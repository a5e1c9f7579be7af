import github from "simple-icons/icons/github.svg?no-inline";
import type { IconProps } from "./icons";

/** The code-hosting profile's mark (simple-icons' SVG file, painted in the text colour). */
export function CodeHostIcon({ size = 20, className }: IconProps) {
  return (
    <span
      aria-hidden="true"
      className={["mask-icon", className].filter(Boolean).join(" ")}
      style={{ width: size, height: size, ["--icon" as string]: `url("${github}")` }}
    />
  );
}
