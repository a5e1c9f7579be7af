/**
 * A picture from `src/content/images/` (a project's cover, the owner's photo), as the build made it
 * (build/images.ts): AVIF and WebP at three widths, chosen by the browser from `sizes`, with the
 * file's own width and height so that the page does not shift while it loads.
 */
interface Picture {
  sources: Record<string, string>;
  img: { src: string; w: number; h: number };
}

const pictures = import.meta.glob<Picture>("../content/images/*.{avif,jpeg,jpg,png,svg,webp}", {
  eager: true,
  import: "default",
  query: { w: "400;800;1200", format: "avif;webp", as: "picture" },
});

export function contentPicture(file: string): Picture {
  const picture = pictures[`../content/images/${file}`];
  if (!picture) throw new Error(`src/content/images/${file} is named in src/content/ but does not exist`);
  return picture;
}

interface ContentPictureProps {
  file: string;
  alt: string;
  /** The picture's width in the layout (`sizes`), e.g. "(min-width: 64rem) 22rem, 100vw". */
  sizes: string;
  /** In the first screen: loaded at once, and first. Otherwise it loads as it nears the viewport. */
  eager?: boolean;
}

export function ContentPicture({ file, alt, sizes, eager = false }: ContentPictureProps) {
  const { sources, img } = contentPicture(file);
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
