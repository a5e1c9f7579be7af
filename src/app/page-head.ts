import { type PageKey, pages } from "../content/pages";
import { profile } from "../content/profile";
import { escapeHtml } from "../shared/escape-html";

/** The 1200×630 link-preview image in `public/`. */
export const SHARE_IMAGE = { path: "/og-image.jpg", width: 1200, height: 630 } as const;

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page; `null` for the not-found page. */
  url: string | null;
  image: string;
}

/** Everything `<head>` says about a page, from `src/content/pages.ts` and the site URL. */
export function pageHead(key: PageKey, siteUrl: string): PageHead {
  const page = pages[key];
  return {
    title: `${page.title} · ${profile.name}`,
    description: page.description,
    url: page.path === null ? null : new URL(page.path, siteUrl).href,
    image: new URL(SHARE_IMAGE.path, siteUrl).href,
  };
}

/** The head tags as HTML, for prerendered pages. The client keeps them current with `usePageHead`. */
export function renderHeadTags(head: PageHead): string {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    head.url ? `<link rel="canonical" href="${escapeHtml(head.url)}" />` : "",
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", profile.name),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    head.url ? meta("property", "og:url", head.url) : "",
    meta("property", "og:image", head.image),
    meta("property", "og:image:width", String(SHARE_IMAGE.width)),
    meta("property", "og:image:height", String(SHARE_IMAGE.height)),
    meta("property", "og:image:alt", `${profile.name}: portfolio`),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", head.image),
  ]
    .filter(Boolean)
    .join("\n    ");
}
