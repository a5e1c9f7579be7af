import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { usePageHead } from "./use-page-head";

const FirstPageContext = createContext(true);

/** True until the first client-side navigation: the page the visitor loaded is still showing. */
export function useFirstPage(): boolean {
  return useContext(FirstPageContext);
}

export function FirstPageProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [firstPathname] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  // Another page makes it "navigated" for good, Back to the first one included. A change of the
  // hash alone (the skip link) is not a navigation: the page stays as it is.
  if (!navigated && pathname !== firstPathname) setNavigated(true);
  return (
    <FirstPageContext.Provider value={!navigated && pathname === firstPathname}>
      {children}
    </FirstPageContext.Provider>
  );
}

/**
 * Keeps the head on the current page (./use-page-head.ts); after a client-side navigation to another
 * page, focus on the new page's `h1` (without scrolling: the router has placed the page)
 * and its title, which the head's effect has just set, said in a polite live region.
 */
export function NavigationAnnouncer() {
  usePageHead();
  const { pathname } = useLocation();
  const first = useFirstPage();
  const [announcement, setAnnouncement] = useState("");

  // Runs once per page change, after usePageHead's.
  useEffect(() => {
    if (first) return;
    setAnnouncement(document.title);
    const main = document.getElementById("main");
    const focusHeading = () =>
      document.querySelector<HTMLElement>("#main h1")?.focus({ preventScroll: true });
    focusHeading();
    if (!main) return;
    // A page part that finishes loading later (the slide-in's chunk) can replace the heading,
    // and focus would drop to <body>: follow it to the new heading, once.
    const observer = new MutationObserver(() => {
      if (document.activeElement !== document.body) return;
      focusHeading();
      observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = () => observer.disconnect();
    window.addEventListener("pointerdown", stop, { once: true });
    window.addEventListener("keydown", stop, { once: true });
    return () => {
      stop();
      window.removeEventListener("pointerdown", stop);
      window.removeEventListener("keydown", stop);
    };
  }, [pathname]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
