import github from "simple-icons/icons/github.svg?no-inline";
import type { IconProps } from "./icons";

/**
 * The code-hosting profile's mark (simple-icons' SVG file, painted in the text colour). The icon
 * URL is set by a `<style>` block, not a style attribute: the CSP allows inline styles by hash only.
 */
export function CodeHostIcon({ size = 20, className }: IconProps) {
  return (
    <>
      <style>{`.code-host-icon{--icon:url("${github}")}`}</style>
      <span
        aria-hidden="true"
        className={["mask-icon", "code-host-icon", className].filter(Boolean).join(" ")}
        style={size === 20 ? undefined : { width: size, height: size }}
      />
    </>
  );
}
