import { profile } from "./profile.ts";

export interface PageText {
  /** The page's own title; the owner's name is appended in the document title. */
  title: string;
  /** For search results and link previews. */
  description: string;
}

/**
 * Every page's title and description, by route id (`src/config/routes.ts`). They are in every page's
 * script: build them from the profile, not from the lists of skills and projects.
 */
export const pageText = {
  home: { title: "Home", description: profile.description },
  skills: {
    title: "Skills",
    description: `The languages, frameworks and tools that ${profile.name}, ${profile.jobTitle.toLowerCase()}, works with.`,
  },
  projects: {
    title: "Projects",
    description: `Projects by ${profile.name}: what each one does, what it is built with, and where to see it.`,
  },
  contact: {
    title: "Contact",
    description: `Send ${profile.name} a message: it works offline too and is delivered when you are back online.`,
  },
  notFound: { title: "Page not found", description: "This page does not exist." },
} as const satisfies Record<string, PageText>;
