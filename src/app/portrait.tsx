import { markup, url } from "virtual:portrait";
import { ContentPicture, pictureOf } from "../components/content-picture";
import { PrerenderedSvg } from "../components/prerendered-svg";
import { media } from "../config/media";
import { profile } from "../content/profile";

/** Beside the greeting: the owner's photo, or else a drawing of their name (build/images.ts). */
export function Portrait() {
  return (
    <div className="portrait">
      {profile.photo ? (
        <span className="portrait__frame">
          <ContentPicture
            picture={pictureOf(profile.photo.file)}
            alt={profile.photo.alt}
            sizes={`${media.tablet} 22rem, 12rem`}
            eager
          />
        </span>
      ) : (
        <PrerenderedSvg className="portrait__frame" markup={markup} src={url ?? ""} />
      )}
    </div>
  );
}
