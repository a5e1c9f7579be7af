import { useEffect } from "react";
import { useMatches } from "react-router-dom";
import { config } from "../config/env";
import { isRouteId } from "../config/routes";
import { pageHead } from "./page-head";

function setMeta(selector: string, content: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute("content", content);
}

/**
 * Keeps the document's title and head tags on the current page after client-side navigations.
 * Called once, by NavigationAnnouncer (./navigation-focus.tsx): the page on screen is the router's deepest match, whose id is the
 * route table's (app-routes.tsx). The pages themselves carry no head code, and so no shared chunk.
 */
export function usePageHead(): void {
  const leaf = useMatches().at(-1)?.id;
  const key = isRouteId(leaf) ? leaf : undefined;
  useEffect(() => {
    if (key === undefined) return;
    const head = pageHead(key, config.siteUrl);
    document.title = head.title;
    setMeta('meta[name="description"]', head.description);
    setMeta('meta[property="og:title"]', head.title);
    setMeta('meta[name="twitter:title"]', head.title);
    setMeta('meta[property="og:description"]', head.description);
    setMeta('meta[name="twitter:description"]', head.description);
    if (head.url) {
      setMeta('meta[property="og:url"]', head.url);
      document.head.querySelector('link[rel="canonical"]')?.setAttribute("href", head.url);
    }
  }, [key]);
}
