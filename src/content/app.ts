import { profile } from "./profile.ts";

/** The owner's words for the installed app and for sharing. */
export const appText = {
  /** Long-press menu of the installed app's icon (the manifest's `shortcuts`), to pages by route id. */
  shortcuts: [
    { route: "projects", name: "Projects", shortName: "Projects", description: "See my projects" },
    { route: "contact", name: "Contact", shortName: "Contact", description: "Send me a message" },
  ],
  /** Captions of the manifest's screenshots (`npm run assets` takes them), read out by install dialogs. */
  screenshotLabels: {
    wide: `The home page of ${profile.name}`,
    narrow: `The projects of ${profile.name}, on a phone`,
  },
  /** Where app stores and install dialogs file the installed app (the manifest's `categories`). */
  categories: ["business", "education"],
  /** Sent along with the site's address by the Share button (`navigator.share`). */
  share: { title: `${profile.name}: portfolio`, text: profile.description },
} as const;
