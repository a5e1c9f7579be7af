import { OverlayScrollbars } from "overlayscrollbars";
import "overlayscrollbars/overlayscrollbars.css";
import "./custom-scrollbar.css";

/** R-9.3 (docs/requirements.md): hides 1000 ms after scrolling stops (the 200 ms fade and 30 px thumb are in the CSS). */
export const SCROLLBAR_AUTO_HIDE_DELAY_MS = 1000;

const ignoredTarget = (node: Node) =>
  (node instanceof Element ? node : node.parentElement)?.closest(".toggle-switch") != null;

/** OverlayScrollbars keeps the browser's own scrolling and only replaces what is drawn. */
export function attachScrollbar(target: HTMLElement): () => void {
  const instance = OverlayScrollbars(
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
  return () => instance.destroy();
}
