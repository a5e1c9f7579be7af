/**
 * The floor of `npm run bench`: the least a hydrated React 19 page can cost. It hydrates one
 * paragraph, in a transition, loaded the way the app is (by the boot script after the first
 * paint), on the static copy of the home page. Whatever a route costs above this is ours.
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/** The server HTML it hydrates is written by bench/run.ts (FLOOR_HTML): the same paragraph. */
function Floor() {
  return <p id="floor-text">Hydrated by React.</p>;
}

const container = typeof document === "undefined" ? null : document.getElementById("floor");
if (container) {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Floor />
      </StrictMode>,
    );
  });
}
