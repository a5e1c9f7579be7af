import { useId, useState } from "react";

interface PrerenderedSvgProps {
  className: string;
  /** The SVG markup: given in the prerender's build only (`import.meta.env.SSR`), null in the browser's. */
  markup: string | null;
  /** The same drawing as a file, for a page drawn in the browser (a client-side navigation, `vite dev`). */
  src: string;
}

/**
 * A decorative drawing inline in the prerendered page whose markup stays out of the JavaScript: hydration
 * keeps the prerendered element (found by its `useId`), and one drawn later shows the file.
 */
export function PrerenderedSvg({ className, markup, src }: PrerenderedSvgProps) {
  const id = useId();
  const [html] = useState(() => {
    if (markup !== null) return markup;
    const prerendered = typeof document !== "undefined" && document.getElementById(id)?.firstElementChild;
    return prerendered ? "" : `<img src="${src}" alt="" width="32" height="32">`;
  });
  return (
    <span
      id={id}
      className={className}
      aria-hidden="true"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
