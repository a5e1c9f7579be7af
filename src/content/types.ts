/** The owner's data: the files in `src/content/` (and their images in `src/content/images/`). */

export interface Profile {
  /**
   * The site's language, a BCP 47 tag ("en", "pl", "ar", "ja-JP"): every page's `lang`, and its
   * direction (right to left for Arabic, Hebrew, Persian, …) follows from it.
   */
  lang: string;
  /** Full name, used in titles and the web app manifest. */
  name: string;
  /** What the owner does, in a few words (schema.org jobTitle). */
  jobTitle: string;
  /** Short brand text shown at the left of the navigation bar. */
  brand: string;
  /** Short name for a home-screen icon (at most 12 characters). */
  shortName: string;
  /** First line of the home page. */
  greeting: string;
  /** Short bio paragraphs on the home page. */
  bio: readonly string[];
  /** One-sentence description for search results and the app manifest. */
  description: string;
  email: string;
  /** Professional-network profile (e.g. LinkedIn). */
  networkUrl: string;
  networkLabel: string;
  /** Code-hosting profile (e.g. GitHub). */
  codeUrl: string;
  codeLabel: string;
  /** Resume: a file in `public/` such as "/resume.pdf" (precached), or an absolute URL. */
  resumeUrl: string;
  /**
   * A photo beside the greeting: a file in `src/content/images/` (JPEG, PNG, WebP, AVIF or SVG). `alt`
   * describes the person ("" when the photo only repeats the heading). Without one, the home page
   * shows a drawing made from `name`.
   */
  photo?: { file: string; alt: string };
  /** The app icon and favicon: an SVG in `src/content/images/`. Without one, the initials of `name`. */
  icon?: string;
}

export interface SkillIcon {
  /** A single-colour SVG file imported with `?symbol` (build/icon-sprite.ts). */
  href: string;
  /** Brand colour the icon is painted in, as 6 hex digits, no `#`. */
  hex: string;
}

export interface Skill {
  name: string;
  icon: SkillIcon;
}

export interface Project {
  title: string;
  tech: readonly string[];
  desc: readonly string[];
  link: string;
  /** Cover: a file in `src/content/images/projects/` (16:10 fits best); without one, a tile with its title. */
  image?: string;
}
