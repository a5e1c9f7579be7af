import bitbucket from "simple-icons/icons/bitbucket.svg?no-inline";
import codeberg from "simple-icons/icons/codeberg.svg?no-inline";
import git from "simple-icons/icons/git.svg?no-inline";
import github from "simple-icons/icons/github.svg?no-inline";
import gitlab from "simple-icons/icons/gitlab.svg?no-inline";
import sourcehut from "simple-icons/icons/sourcehut.svg?no-inline";
import type { IconProps } from "./icons";

/** simple-icons' mark for each well-known code host, by the profile address's host name. */
const HOST_ICONS: Readonly<Record<string, string>> = {
  "github.com": github,
  "gitlab.com": gitlab,
  "codeberg.org": codeberg,
  "bitbucket.org": bitbucket,
  "sr.ht": sourcehut,
  "git.sr.ht": sourcehut,
};

/** The icon file for a code-hosting profile address; Git's own mark for any other host. */
export function codeHostIconFor(profileUrl: string): string {
  const host = new URL(profileUrl).hostname.replace(/^www\./, "");
  return HOST_ICONS[host] ?? git;
}

interface CodeHostIconProps extends IconProps {
  /** The owner's code-hosting profile (`profile.codeUrl`): its host picks the mark. */
  url: string;
}

/**
 * The code-hosting profile's mark (simple-icons' SVG file, painted in the text colour). The icon
 * URL is set by a `<style>` block, not a style attribute: the CSP allows inline styles by hash only.
 */
export function CodeHostIcon({ url, size = 20, className }: CodeHostIconProps) {
  return (
    <>
      <style>{`.code-host-icon{--icon:url("${codeHostIconFor(url)}")}`}</style>
      <span
        aria-hidden="true"
        className={["mask-icon", "code-host-icon", className].filter(Boolean).join(" ")}
        style={size === 20 ? undefined : { width: size, height: size }}
      />
    </>
  );
}
