import { profile } from "./profile.ts";

export interface PageText {
  /** The page's own title; the owner's name is appended in the document title. */
  title: string;
  /** For search results and link previews. */
  description: string;
}

/**
 * Every page's title and description, by route id (`src/config/routes.ts`): what search engines,
 * link previews and the route announcement say. Owner-specific, so it lives with the owner's content.
 */
export const pageText = {
  home: { title: "Home", description: profile.description },
  skills: {
    title: "Skills",
    description: `The languages, frameworks and tools ${profile.name} works with, from C++ and Python to React, Node.js and Flutter.`,
  },
  projects: {
    title: "Projects",
    description: `Projects by ${profile.name}: full-stack MERN apps, a notes app, a news reader, an MCQ practice platform and more.`,
  },
  contact: {
    title: "Contact",
    description: `Send ${profile.name} a message: it works offline too and is delivered when you are back online.`,
  },
  notFound: { title: "Page not found", description: "This page does not exist." },
} as const satisfies Record<string, PageText>;
