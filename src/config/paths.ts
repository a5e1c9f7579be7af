/** Every route of the app, named once. The server imports this to tell app routes from unknown paths. */
export const paths = {
  home: "/",
  skills: "/skills",
  projects: "/project",
  contact: "/contact",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

export const appPaths: readonly AppPath[] = Object.values(paths);
