import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";

export const ROUTE_ERROR_TEXT = {
  title: "This page could not be loaded",
  offline:
    "You're offline, and this page is not saved on this device yet. It will load when the connection returns.",
  failed: "Part of the site did not arrive. Please try again.",
  retry: "Retry",
  retrying: "Loading…",
} as const;

/**
 * R-11.7 (docs/requirements.md): a page whose code could not be loaded (offline before the service
 * worker had it, a deploy that replaced it), in the site's own layout: why, when it is known, and
 * Retry, which fetches the page's chunk again (`retry` resolves once the page is shown). Offline,
 * it also tries again by itself when the connection returns.
 */
export function RouteError({ retry }: { retry: () => Promise<void> }) {
  const [loading, setLoading] = useState(false);
  const offline = typeof navigator !== "undefined" && !navigator.onLine;

  const attempt = () => {
    setLoading(true);
    // Still not loadable: the same page and button, for another try.
    retry().then(
      () => {},
      () => setLoading(false),
    );
  };

  useEffect(() => {
    window.addEventListener("online", attempt);
    return () => window.removeEventListener("online", attempt);
  });

  return (
    <section className="page route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title" className="page-title" tabIndex={-1}>
        {ROUTE_ERROR_TEXT.title}
      </h1>
      <p>{offline ? ROUTE_ERROR_TEXT.offline : ROUTE_ERROR_TEXT.failed}</p>
      <button
        type="button"
        className="button button--primary"
        aria-disabled={loading}
        onClick={() => loading || attempt()}
      >
        {loading ? ROUTE_ERROR_TEXT.retrying : ROUTE_ERROR_TEXT.retry}
      </button>
    </section>
  );
}

/**
 * The routes' error element: an error thrown while a page (or the layout) was drawn shows the page
 * above, never React Router's developer screen. Retry opens the same address again, which draws
 * the page anew.
 */
export function RenderError() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return <RouteError retry={async () => navigate({ pathname, search, hash }, { replace: true })} />;
}
