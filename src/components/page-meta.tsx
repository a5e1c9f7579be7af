import { profile } from "../content/profile";

interface PageMetaProps {
  /** The page's own title; the owner's name is appended. */
  title: string;
  description?: string;
}

/** Per-page document title and description (React 19 hoists these into `<head>`). */
export function PageMeta({ title, description = profile.description }: PageMetaProps) {
  return (
    <>
      <title>{`${title} · ${profile.name}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
