import { profile } from "../content/profile.ts";

/** schema.org `Person` for the owner, as search engines read it from the home page (JSON-LD). */
export function personStructuredData(siteUrl: string | null): Record<string, unknown> {
  return {
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
}

/** A JSON-LD block for `<head>`; `<` is escaped so no value can close the script element. */
export function renderJsonLd(data: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}
