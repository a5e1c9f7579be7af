import { appPaths, type RouteId, routes } from "../config/routes.ts";
import { profile } from "../content/profile.ts";
import { escapeHtml } from "../shared/escape-html.ts";

/** The 1200×630 link-preview image, drawn from the content at build time (build/brand.ts). */
export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;
const SHARE_IMAGE_ALT = `${profile.name}, ${profile.jobTitle}`;

export type PageHead = ReturnType<typeof pageHead>;

/**
 * Everything `<head>` says about a page, its URLs absolute. Without the site's public address no
 * tag names one: a link preview or a search engine told "localhost" is worse than told nothing.
 */
export function pageHead(key: RouteId, siteUrl: string | null) {
  const page = routes[key];
  return {
    title: `${page.title} · ${profile.name}`,
    description: page.description,
    url: siteUrl && page.path !== null ? new URL(page.path, siteUrl).href : null,
    image: siteUrl ? new URL(SHARE_IMAGE.path, siteUrl).href : null,
  };
}

/** `sitemap.xml` for every page with a URL of its own, absolute on the site's public address. */
export function renderSitemap(siteUrl: string): string {
  const urls = appPaths.map((path) => `  <url><loc>${new URL(path, siteUrl).href}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** `robots.txt` with its `Sitemap:` line replaced, or removed when there is no sitemap. */
export function renderRobots(robots: string, siteUrl: string | null): string {
  const rules = robots.replace(/^Sitemap:.*$/gm, "").trimEnd();
  return siteUrl ? `${rules}\n\nSitemap: ${new URL("/sitemap.xml", siteUrl).href}\n` : `${rules}\n`;
}

/** A prerendered page's head tags, plus the owner as JSON-LD on the home page and `noindex` on the not-found page. */
export function renderPageHead(key: RouteId, siteUrl: string | null): string {
  const tags = renderHeadTags(pageHead(key, siteUrl));
  if (key === "home") return `${tags}\n    ${personJsonLd(siteUrl)}`;
  // The not-found page is also a file (404.html) that a host may serve at its own address.
  return key === "notFound" ? `${tags}\n    <meta name="robots" content="noindex" />` : tags;
}

/** The client keeps these current with `usePageHead`. */
export function renderHeadTags(head: PageHead): string {
  const meta = (attribute: "name" | "property", key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const image = head.image
    ? [
        meta("property", "og:image", head.image),
        meta("property", "og:image:width", String(SHARE_IMAGE.width)),
        meta("property", "og:image:height", String(SHARE_IMAGE.height)),
        meta("property", "og:image:alt", SHARE_IMAGE_ALT),
      ]
    : [];
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    head.url ? `<link rel="canonical" href="${escapeHtml(head.url)}" />` : "",
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", profile.name),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    head.url ? meta("property", "og:url", head.url) : "",
    ...image,
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    head.image ? meta("name", "twitter:image", head.image) : "",
    head.image ? meta("name", "twitter:image:alt", SHARE_IMAGE_ALT) : "",
  ]
    .filter(Boolean)
    .join("\n    ");
}

/**
 * The owner as schema.org `Person` in a JSON-LD block, as search engines read it from the home page;
 * `<` is escaped so no value can close the script element.
 */
function personJsonLd(siteUrl: string | null): string {
  const person = {
    "@context": "https://schema.org",
    "@type": "Person",
    name: profile.name,
    jobTitle: profile.jobTitle,
    description: profile.description,
    email: `mailto:${profile.email}`,
    // Without a public address, leave it out rather than name a wrong one.
    ...(siteUrl ? { url: new URL("/", siteUrl).href } : {}),
    sameAs: [profile.networkUrl, profile.codeUrl],
  };
  return `<script type="application/ld+json">${JSON.stringify(person).replace(/</g, "\\u003c")}</script>`;
}
