import { useState } from "react";
import { markup, url } from "virtual:portrait";
import { ContentPicture } from "../components/content-picture";
import { profile } from "../content/profile";

const SIZES = "(min-width: 48rem) 22rem, 12rem";

/**
 * Beside the greeting: the owner's photo (`profile.photo`), or else a drawing generated from the
 * owner's name (build/images.ts), which is decorative. The drawing is inline in the prerendered
 * page, so it paints with the heading and is never the page's largest image to wait for; React
 * leaves that markup as it is while hydrating. A page drawn in the browser (a client-side
 * navigation, `vite dev`) shows the same drawing as an image file.
 */
export function Portrait() {
  const [html] = useState(() => {
    if (markup !== null) return markup;
    const prerendered = typeof document !== "undefined" && document.querySelector(".portrait__frame > svg");
    return prerendered ? "" : `<img src="${url}" alt="" width="256" height="256">`;
  });
  return (
    <div className="portrait">
      {profile.photo ? (
        <span className="portrait__frame">
          <ContentPicture file={profile.photo.file} alt={profile.photo.alt} sizes={SIZES} eager />
        </span>
      ) : (
        <span
          className="portrait__frame"
          aria-hidden="true"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </div>
  );
}
