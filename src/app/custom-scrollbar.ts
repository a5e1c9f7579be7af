import { OverlayScrollbars } from "overlayscrollbars";
import "overlayscrollbars/overlayscrollbars.css";
import "./custom-scrollbar.css";

/** R-9.3 (docs/requirements.md): hides 1000 ms after scrolling stops (the 200 ms fade and 30 px thumb are in the CSS). */
export const SCROLLBAR_AUTO_HIDE_DELAY_MS = 1000;

const ignoredTarget = (node: Node) =>
  (node instanceof Element ? node : node.parentElement)?.closest(".toggle-switch") != null;

/**
 * Runs `attach` with appending one of `parent`'s own children to it made a no-op. On the body,
 * OverlayScrollbars keeps `<html>` as the scrolling element and wraps nothing, yet its generic
 * wrapping step appends the body's children to the body again: each node taken out and put back
 * restarts every CSS animation in it (the slide-in played twice) and drops the keyboard focus and
 * its ring. Appended again in their own order, they would end where they are: skipping changes nothing else.
 */
function keepingChildren<T>(parent: HTMLElement, attach: () => T): T {
  const own = new Set<Node>(parent.childNodes);
  parent.appendChild = <N extends Node>(node: N): N =>
    own.has(node) && node.parentNode === parent ? node : (Node.prototype.appendChild.call(parent, node) as N);
  try {
    return attach();
  } finally {
    delete (parent as Partial<Pick<HTMLElement, "appendChild">>).appendChild;
  }
}

/**
 * Runs `attach` with the keyboard focus ring kept. The library's first run focuses an element of its
 * own to probe the browser, then calls `focus()` on the focused element to put it back: Firefox draws
 * that focus without a ring (and ignores a later `focus()` on the element that has it). Meanwhile the
 * element with the ring is put back with `focusVisible: true`.
 */
function keepingFocusRing<T>(attach: () => T): T {
  const ringed = document.querySelector<HTMLElement>(":focus-visible");
  if (!ringed) return attach();
  ringed.focus = (options) => HTMLElement.prototype.focus.call(ringed, { ...options, focusVisible: true });
  try {
    return attach();
  } finally {
    delete (ringed as Partial<Pick<HTMLElement, "focus">>).focus;
  }
}

/** OverlayScrollbars keeps the browser's own scrolling and only replaces what is drawn. */
export function attachScrollbar(target: HTMLElement): () => void {
  // The native scrollbar's width, kept as a gap once the library hides it: nothing moves sideways
  // (custom-scrollbar.css). None where scrollbars are overlaid (phones): the property is inherited,
  // and setting it restyles every element of the page.
  const gap = window.innerWidth - document.documentElement.clientWidth;
  if (gap > 0) target.style.setProperty("--scrollbar-gap", `${gap}px`);
  const attach = () =>
    OverlayScrollbars(
      { target, cancel: { nativeScrollbarsOverlaid: false, body: null } },
      {
        scrollbars: {
          theme: "os-theme-portfolio",
          autoHide: "scroll",
          autoHideDelay: SCROLLBAR_AUTO_HIDE_DELAY_MS,
          clickScroll: true,
        },
        // The theme switch's animation edits its own SVG as it plays, and the switch keeps its size:
        // none of that can change the page's scroll size, and each edit would make the library read
        // the page's styles at once, restyling the whole page inside the click (docs/decisions.md).
        update: { ignoreMutation: (mutation) => ignoredTarget(mutation.target) },
      },
    );
  // Its setup may scroll the page to the top (seen once a client-side Back had restored the reader's
  // place): the reader stays where they were.
  const { scrollX: left, scrollY: top } = window;
  const instance = keepingFocusRing(() => keepingChildren(target, attach));
  if (window.scrollX !== left || window.scrollY !== top) window.scrollTo({ left, top, behavior: "instant" });
  return () => {
    instance.destroy();
    target.style.removeProperty("--scrollbar-gap");
  };
}
