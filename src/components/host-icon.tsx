import behance from "simple-icons/icons/behance.svg?no-inline";
import bitbucket from "simple-icons/icons/bitbucket.svg?no-inline";
import bluesky from "simple-icons/icons/bluesky.svg?no-inline";
import codeberg from "simple-icons/icons/codeberg.svg?no-inline";
import devdotto from "simple-icons/icons/devdotto.svg?no-inline";
import dribbble from "simple-icons/icons/dribbble.svg?no-inline";
import git from "simple-icons/icons/git.svg?no-inline";
import github from "simple-icons/icons/github.svg?no-inline";
import gitlab from "simple-icons/icons/gitlab.svg?no-inline";
import mastodon from "simple-icons/icons/mastodon.svg?no-inline";
import medium from "simple-icons/icons/medium.svg?no-inline";
import readdotcv from "simple-icons/icons/readdotcv.svg?no-inline";
import sourcehut from "simple-icons/icons/sourcehut.svg?no-inline";
import stackoverflow from "simple-icons/icons/stackoverflow.svg?no-inline";
import x from "simple-icons/icons/x.svg?no-inline";
import xing from "simple-icons/icons/xing.svg?no-inline";
import { LinkedInIcon, ProfileIcon } from "./icons";

/** simple-icons' mark for each well-known host of a code or a professional-network profile. */
const HOST_ICONS = {
  code: {
    "github.com": github,
    "gitlab.com": gitlab,
    "codeberg.org": codeberg,
    "bitbucket.org": bitbucket,
    "sr.ht": sourcehut,
    "git.sr.ht": sourcehut,
  },
  network: {
    "x.com": x,
    "twitter.com": x,
    "bsky.app": bluesky,
    "mastodon.social": mastodon,
    "xing.com": xing,
    "dribbble.com": dribbble,
    "behance.net": behance,
    "medium.com": medium,
    "dev.to": devdotto,
    "stackoverflow.com": stackoverflow,
    "read.cv": readdotcv,
  },
} satisfies Record<string, Record<string, string>>;

/**
 * The mark of a profile's host, in the text colour. Its URL is set by a `<style>` block: the CSP
 * allows inline styles by hash only, never a style attribute.
 */
export function HostIcon({ url, kind }: { url: string; kind: keyof typeof HOST_ICONS }) {
  const host = new URL(url).hostname.replace(/^www\./, "");
  if (kind === "network" && /(^|\.)linkedin\.com$/.test(host)) return <LinkedInIcon />;
  // Its host's mark, else Git's for a code host, and a generic profile for a network.
  const icons: Record<string, string> = HOST_ICONS[kind];
  const file = icons[host] ?? (kind === "code" ? git : undefined);
  if (!file) return <ProfileIcon />;
  return (
    <>
      <style>{`.${kind}-host-icon{--icon:url("${file}")}`}</style>
      <span aria-hidden="true" className={`mask-icon host-icon ${kind}-host-icon`} />
    </>
  );
}
