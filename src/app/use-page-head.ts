import { useEffect } from "react";
import { config } from "../config/env";
import type { RouteId } from "../config/routes";
import { pageHead } from "./page-head";

function setMeta(selector: string, content: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute("content", content);
}

/** Keeps the document's title and head tags on the current page after client-side navigations. */
export function usePageHead(key: RouteId): void {
  useEffect(() => {
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
