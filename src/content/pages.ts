import { paths } from "../config/paths";
import { profile } from "./profile";

export interface PageInfo {
  /** URL path; `null` for the not-found page, which has no URL of its own. */
  path: string | null;
  /** The page's own title; the owner's name is appended in the document title. */
  title: string;
  /** For search results and link previews. */
  description: string;
}

/** Every page's title and description: what search engines and link previews show. */
export const pages = {
  home: { path: paths.home, title: "Home", description: profile.description },
  skills: {
    path: paths.skills,
    title: "Skills",
    description: `The languages, frameworks and tools ${profile.name} works with, from C++ and Python to React, Node.js and Flutter.`,
  },
  projects: {
    path: paths.projects,
    title: "Projects",
    description: `Projects by ${profile.name}: full-stack MERN apps, a notes app, a news reader, an MCQ practice platform and more.`,
  },
  contact: {
    path: paths.contact,
    title: "Contact",
    description: `Send ${profile.name} a message: it works offline too and is delivered when you are back online.`,
  },
  notFound: { path: null, title: "Page not found", description: "This page does not exist." },
} as const satisfies Record<string, PageInfo>;

export type PageKey = keyof typeof pages;
