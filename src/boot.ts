/**
 * The page's first module, added by the boot script after the first paint (src/shared/boot-script.ts).
 * A prerendered page works before React runs: links are real links, the form posts, the theme switch
 * flips (the boot script). So React starts when the visitor needs it, not during the load
 * (docs/requirements.md ), at the first of:
 * - an intent on a control React drives (a pointer pressed on it, a key or focus on it), or a touch;
 * - the browser idle for `IDLE_START_MS` after the load;
 * - a message waiting in the outbox, or a notice of the service worker's to show.
 * Until then the page runs nothing but this module and, once idle after the load, the service
 * worker's registration and the outbox's count.
 */
// The base stylesheet, in the entry: the prerender inlines it first, before the app's and the page's.
import "./app/global.css";
import { loadOutbox } from "./features/contact/load-outbox";
import { startServiceWorkerBridge } from "./features/pwa/start-service-worker-bridge";
import { whenIdle } from "./lib/schedule";
import { cachedLoad } from "./shared/cached-load";

/** How long the browser stays idle after the load before React starts anyway (measured: docs/decisions.md). */
export const IDLE_START_MS = 3000;

/** What React drives on a page: everything else (links, text) works without it. */
const REACT_DRIVEN = "button, input, textarea, select, dialog, [role='switch']";

const container = document.getElementById("root");
/** The React app (src/main.tsx: hydration, the router, every component), fetched once. */
const loadApp = cachedLoad(() => import("./main"));
/** Set from the first start on (the app must be started once), unset again if its chunks could not load. */
let started = false;

/**
 * Starts React: the app's chunks, preloaded together (`data-app` of the boot script: the app and
 * the current page's module), then hydration. A click on a button made before React listened is
 * made again once it does.
 */
function startReact(): void {
  if (started || !container) return;
  started = true;
  for (const href of document.querySelector<HTMLElement>("[data-app]")?.dataset.app?.split(" ") ?? []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  loadApp().then(
    ({ startApp }) =>
      startApp().then(() => {
        for (const button of pendingClicks.splice(0)) button.click();
      }),
    () => {
      // Offline before the app's chunks were cached: the page keeps working without React, and
      // the next intent tries again.
      started = false;
    },
  );
}

/** Buttons clicked before React listened (a press starts React; its click can come first). */
const pendingClicks: HTMLElement[] = [];
document.addEventListener(
  "click",
  (event) => {
    if (document.documentElement.hasAttribute("data-react")) return;
    const button = (event.target as Element | null)?.closest?.("button:not([type='submit'])");
    if (button instanceof HTMLElement && !button.closest("[role='switch']")) pendingClicks.push(button);
  },
  { capture: true },
);

if (container?.hasChildNodes()) {
  // Kept listening: a start that failed (offline) is tried again at the next intent. React starts
  // after the next paint, so that the press's own feedback (the switch flipping) is not held up.
  const startAfterPaint = () => requestAnimationFrame(() => setTimeout(startReact));
  for (const type of ["pointerdown", "keydown", "focusin", "touchstart"]) {
    document.addEventListener(
      type,
      (event) => {
        if (type === "touchstart" || (event.target as Element | null)?.closest?.(REACT_DRIVEN))
          startAfterPaint();
      },
      { capture: true, passive: true },
    );
  }
  whenIdle(() => setTimeout(() => whenIdle(startReact), IDLE_START_MS));
} else {
  // `vite dev` serves an empty shell: there is nothing to see before React.
  startReact();
}

// After the load, when idle, one after the other: the service worker (production builds only) and
// the outbox's count. Either starts React when it has something to show.
whenIdle(async () => {
  if (import.meta.env.PROD) await startServiceWorkerBridge(startReact);
  const waiting = await loadOutbox()
    .then(({ startOutbox }) => startOutbox())
    .catch(() => false);
  if (waiting) startReact();
});
