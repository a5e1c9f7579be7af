import { pictures } from "virtual:content-pictures";

/** A picture from `src/content/images/` as the build made it (build/images.ts): AVIF and WebP at three widths. */
export interface Picture {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

export type Pictures = Record<string, Picture>;

/** The picture of a file the content names (its path in src/content/images/); a clear error when it is missing. */
export function pictureOf(file: string): Picture {
  const picture = (pictures as Pictures)[file];
  if (!picture) throw new Error(`src/content/images/${file} is named in src/content/ but is not there`);
  return picture;
}

interface ContentPictureProps {
  picture: Picture;
  alt: string;
  sizes: string;
  /** In the first screen: loaded at once, and first. Otherwise it loads as it nears the viewport. */
  eager?: boolean;
}

export function ContentPicture({
  picture: { sources, img },
  alt,
  sizes,
  eager = false,
}: ContentPictureProps) {
  return (
    <picture>
      {Object.entries(sources).map(([format, srcSet]) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
      ))}
      <img
        src={img.src}
        width={img.w}
        height={img.h}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
