/**
 * The page's first module, added by the boot script after the first paint. React starts on need
 * (R-13.4; when: docs/architecture.md, "React on need"), so keep this module small.
 */
// The base stylesheet, in the entry: the prerender inlines it first, before the app's and the page's.
import "./app/global.css";
import "virtual:font-subsets.css";
import { holdSubmit, takeHeldSubmit } from "./features/contact/held-submit";
import { loadOutbox } from "./features/contact/load-outbox-facade";
import { afterNextPaint, afterQuiet, whenIdle } from "./lib/schedule";
import { cachedLoad } from "./shared/cached-load";

/**
 * How long the browser stays idle after the outbox's count before the worker registers and, after
 * its install, React starts anyway (measured: docs/decisions.md).
 */
export const IDLE_START_MS = 3000;

/** What React drives on a page: everything else (links, text) works without it. */
const REACT_DRIVEN = "button, input, textarea, select, dialog, [role='switch']";
/** Fields the browser takes text into without React. */
const TEXT_FIELD = "input:not([type='checkbox'], [type='radio']), textarea";
/**
 * In a field, React starts at the first pause this long in the typing: on a slow phone its start
 * is a few long tasks, which keys typed during it waited for (`npm run bench`, the slowest key
 * beside the no-JS copy's). A press on a button, or a form sent, starts it at once.
 */
export const TYPING_PAUSE_MS = 1000;

const container = document.getElementById("root");
/**
 * React DOM first, then the app in a task of its own: evaluated together they were one long task on
 * a slow phone (docs/decisions.md).
 */
const loadApp = cachedLoad(() =>
  import("react-dom/client")
    .then(() => new Promise((resolve) => setTimeout(resolve)))
    .then(() => import("./main")),
);
const loadServiceWorker = cachedLoad(() => import("./features/pwa/service-worker"));
/** Unset again if the app's chunks could not load. */
let started = false;
const typing = afterQuiet(TYPING_PAUSE_MS);
const startReactInPause = () => typing.run(startReact);
/**
 * The form sent before React hydrated it (a press on its button starts React, but the submission
 * comes first): the form sends it once hydrated (src/features/contact/held-submit.ts).
 */
let heldForm: HTMLFormElement | undefined;
/**
 * The inline boot script (src/shared/boot-script.ts): it holds a click on one of the site's own
 * links made while the page is dark, before React listened, as its `held` (R-4.1 is per visit, and
 * nothing is stored: a page load would come up light), so React routes it once it has started.
 */
const bootScript = document.querySelector<HTMLScriptElement & { held?: HTMLAnchorElement }>("[data-entry]");

/** The app's chunks (the boot script's `data-app`), each as a `<link rel>` of this kind. */
function linkApp(rel: "modulepreload" | "prefetch"): void {
  for (const href of bootScript?.dataset.app?.split(" ") ?? []) {
    const link = document.createElement("link");
    link.rel = rel;
    // As a module script is fetched, so that the prefetched response serves it.
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  }
}

/** Preloads the app's chunks together, then hydrates. */
function startReact(): void {
  if (started || !container) return;
  started = true;
  linkApp("modulepreload");
  loadApp().then(
    ({ startApp }) =>
      startApp().then(() => {
        for (const button of pendingClicks.splice(0)) button.click();
        heldForm = undefined;
        const link = bootScript?.held;
        if (bootScript) bootScript.held = undefined;
        link?.click();
      }),
    () => {
      // Offline before the app's chunks were cached: the next intent tries again, and a held
      // link is followed the browser's way (R-4.1: it comes up light).
      started = false;
      // A held form is posted the browser's way, as it would have been without the hold.
      if (takeHeldSubmit()) heldForm?.submit();
      heldForm = undefined;
      if (bootScript?.held) window.location.assign(bootScript.held.href);
      if (bootScript) bootScript.held = undefined;
    },
  );
}

// A link held before this module ran, and any held later.
bootScript?.addEventListener("held", startReact);
if (bootScript?.held) startReact();

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

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !container?.contains(form) || !holdSubmit()) return;
    // Neither posted nor seen by a React still hydrating: sent once, by the hydrated form.
    event.preventDefault();
    event.stopPropagation();
    heldForm = form;
    startReact();
  },
  { capture: true },
);

if (container?.hasChildNodes()) {
  // Kept listening: a start that failed (offline) is tried again at the next intent. React starts
  // when a control gets the focus, or a press or key on one is released, after the next paint, so
  // that the press's own feedback (the switch flipping at the click, which comes with the release)
  // is not held up; in a field, at the typing's next pause.
  let pressed: (() => void) | undefined;
  for (const type of "pointerdown touchstart keydown focusin pointerup touchend keyup".split(" ")) {
    document.addEventListener(
      type,
      (event) => {
        const target = event.target as Element | null;
        const inField = Boolean(target?.closest?.(TEXT_FIELD));
        if (inField && !/up|end/.test(type)) typing.touch();
        const start = inField ? startReactInPause : startReact;
        if (/up|end/.test(type)) {
          if (pressed) afterNextPaint(pressed);
          pressed = undefined;
        } else if (type === "touchstart" || target?.closest?.(REACT_DRIVEN)) {
          if (type === "focusin" && !pressed) afterNextPaint(start);
          else pressed = start;
        }
      },
      { capture: true, passive: true },
    );
  }
  // Fetched, not run, when the browser is idle after the first key in a field: a visitor whose
  // network goes while writing (no worker serves the chunks on a first visit) still gets React,
  // and with it the outbox, when they send.
  document.addEventListener(
    "input",
    () => {
      if (!started) whenIdle(() => started || linkApp("prefetch"), 1000);
    },
    { capture: true, once: true },
  );
} else {
  // `vite dev` serves an empty shell: there is nothing to see before React.
  startReact();
}

/** React's own start waits at most this long for the worker's install (a slow network). */
const INSTALL_WAIT_MS = 10_000;

/**
 * The service worker (production builds only). Its install fetches and caches the whole site:
 * right after the load it slowed the page's own first layouts, and beside React's start, React's
 * tasks (docs/decisions.md). Resolves once the install has ended, or after INSTALL_WAIT_MS.
 */
async function startWorker(): Promise<void> {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const installed = loadServiceWorker()
    .then(({ startServiceWorker }) => startServiceWorker())
    // Offline before the chunk was cached: the site works without.
    .catch(() => {});
  await Promise.race([installed, new Promise((resolve) => setTimeout(resolve, INSTALL_WAIT_MS))]);
}

/**
 * Links the web app manifest (the boot script's `data-manifest`): linked in the HTML, Chromium
 * fetched it and its icon during the load, beside the page's own requests.
 */
function linkManifest(): void {
  const href = bootScript?.dataset.manifest;
  if (!href) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = href;
  document.head.append(link);
}

// After the load, when idle: the manifest and the outbox's count (it starts React when it has
// something to show). Once the browser stayed idle IDLE_START_MS more: the service worker, then,
// when idle after its install, React itself, in a pause of the typing. A visitor's intent starts
// React at any time.
whenIdle(async () => {
  linkManifest();
  const waiting = await loadOutbox()
    .then(({ startOutbox }) => startOutbox())
    .catch(() => false);
  if (waiting) startReactInPause();
  setTimeout(
    () =>
      whenIdle(async () => {
        await startWorker();
        whenIdle(startReactInPause);
      }),
    IDLE_START_MS,
  );
});
