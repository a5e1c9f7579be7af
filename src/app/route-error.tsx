import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ui } from "../content/interface";

const words = ui.routeError;

/**
 * a page whose code could not be loaded, in the site's layout, with Retry (`retry` resolves
 * once the page is shown); offline, it also tries again when the connection returns.
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
        {words.title}
      </h1>
      <p>{offline ? words.offline : words.failed}</p>
      <button
        type="button"
        className="button button--primary"
        aria-disabled={loading}
        onClick={() => loading || attempt()}
      >
        {loading ? words.loading : words.retry}
      </button>
    </section>
  );
}

/** The routes' error element (never React Router's developer screen): Retry opens the same address again. */
export function RenderError() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return <RouteError retry={async () => navigate({ pathname, search, hash }, { replace: true })} />;
}
