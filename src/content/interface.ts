import { profile } from "./profile.ts";

/** A sentence with emphasised words: plain strings, and `{ strong }` for the words set in bold. */
export type RichText = readonly (string | { strong: string })[];

/**
 * Every word of the interface, in the site's language (`profile.lang`): the labels, buttons, dialogs,
 * notices and headings around your content. Translate the values; keep the keys. An entry written
 * as a function gets a number or a name to put in its sentence.
 */
export const ui = {
  skipLink: "Skip to content",
  /** After a link that opens a new tab, for screen readers (it starts with a space). */
  newTab: " (opens in a new tab)",
  nav: {
    label: "Main",
    /** The links of the navigation bar, by page (`src/config/routes.ts`). */
    links: { home: "Home Page", projects: "Projects", skills: "Skills", contact: "Contact me" },
    email: `E-mail ${profile.name}`,
    network: `${profile.networkLabel} profile`,
    resume: "Resume",
    darkMode: "Dark mode",
  },
  home: { contact: "Contact Me", projects: "See My Projects" },
  skills: {
    eyebrow: (count: number) => `${count} languages, frameworks and tools`,
    title: "Skills & Technologies",
  },
  projects: {
    eyebrow: (count: number) => `${count} projects`,
    title: "PROJECTS",
    technologies: "TECHNOLOGIES",
    visit: "Visit Project",
  },
  contact: {
    title: "Let's Talk",
    /** The form's field labels, also in the messages that name a field. */
    fields: { name: "Name", email: "Email", message: "Message" },
    messageCount: (length: number, limit: number) => `${length} / ${limit} characters`,
    submit: "Say Hello 👋",
    sending: "Sending your message",
    otherWays: "Other ways to reach me",
    nextTitle: "What happens next",
    nextSteps: [
      `Your message is saved, and ${profile.name} is told by e-mail.`,
      "Offline? It waits on this device and is sent once you are back online.",
      `${profile.shortName} replies to the e-mail address you give.`,
    ],
    /** What a check of the fields says (the page's dialog and the server's page without JavaScript). */
    invalid: {
      empty: "Please Fill all Fields!",
      email: "Please enter a valid email address.",
      "control-chars": "Name and Email must be a single line of text.",
      "format-chars": "The name contains characters that are not allowed.",
      "too-long": (field: string, limit: number) => `${field} can be at most ${limit} characters.`,
    },
    /** The result's title, in the dialog and on the server's page. */
    result: { invalid: "Almost there", sent: "Message sent", notSent: "Message not sent" },
    /** The server's answers: the message is stored, and the owner will be told. */
    saved: "Message saved.",
    sent: "Thanks for your message! I'll get back to you soon.",
    noAnswer: "The server did not say what happened.",
    queuedTitle: "Saved for later",
    queuedOffline:
      "You're offline. Your message is saved on this device and will be sent automatically when the connection returns.",
    queuedUnreachable:
      "The server could not be reached. Your message is saved on this device and will be sent automatically when the connection returns.",
    queuedBusy:
      "The server cannot take your message right now. It is saved on this device and will be sent automatically as soon as the server is ready.",
    refused: (error: string) =>
      `The server refused your message. It is kept on this device, below the form, where you can send it again or discard it. The server said: ${error}`,
    notSavedTitle: "Message not saved",
    notSaved:
      "Your message could not be sent, and it could not be saved on this device either (storage is unavailable, for example in private browsing or when the disk is full). Your text is still in the form: please send it again when you are back online.",
    /** The server's page for a form sent without JavaScript. */
    formUnreadable: "The form could not be read. Please send it again from the contact page.",
    notDelivered: "Sorry, your message could not be delivered right now. Please try again in a few minutes.",
    backToForm: "Back to the contact page",
  },
  /** Messages kept on the device until they are sent (the outbox). */
  outbox: {
    waiting: (count: number) =>
      count === 0
        ? ""
        : count === 1
          ? "1 message waiting to be sent"
          : `${count} messages waiting to be sent`,
    waitingHint: (count: number) => `${count === 1 ? "It" : "They"} will be sent automatically.`,
    failedTitle: (count: number) =>
      count === 1 ? "1 message could not be sent" : `${count} messages could not be sent`,
    failedReason: (error: string | null) =>
      error ? `The server refused it: ${error}` : "The server refused it.",
    retry: "Retry",
    discard: "Discard",
    confirmTitle: "Discard this message?",
    confirmText: "It will be deleted from this device and not sent.",
    confirmDiscard: "Discard message",
    /** The start of a message, quoted in the list and the dialog. */
    quoted: (excerpt: string) => `“${excerpt}”`,
    delivered: (count: number) =>
      count === 1
        ? `Your message to ${profile.name} was sent.`
        : `Your ${count} messages to ${profile.name} were sent.`,
    dismiss: "Dismiss",
  },
  notFound: {
    illustration: "404 illustration: the page could not be found",
    title: "Page not found",
    text: "The page you are looking for does not exist or has moved.",
    home: "Return to Home Page",
  },
  /** A page whose code could not be loaded. */
  routeError: {
    title: "This page could not be loaded",
    offline:
      "You're offline, and this page is not saved on this device yet. It will load when the connection returns.",
    failed: "Part of the site did not arrive. Please try again.",
    retry: "Retry",
    loading: "Loading…",
  },
  footer: { links: "Elsewhere", email: "E-mail" },
  dialog: { close: "Close" },
  /** The notices of the offline banner and the service worker. */
  notices: {
    dismiss: (what: string) => `Dismiss: ${what}`,
    offline: { title: "You're offline.", text: "The site still works.", dismiss: "Dismiss: You're offline" },
    update: {
      title: "A new version is available",
      text: "Reload when you're ready to use it.",
      reload: "Reload",
      reloading: "Reloading…",
      later: "Later",
    },
    offlineReady: {
      title: "Ready to work offline",
      text: "Every page of this site now works without a connection.",
    },
  },
  install: {
    button: "Install",
    /** The button's accessible name: it starts with the visible word. */
    buttonName: "Install app",
    title: "Install this app",
    dontShowAgain: "Don't show again",
    /** The steps for browsers that install from their own menu. */
    steps: {
      ios: [
        ["Tap ", { strong: "Share" }, " in the browser's toolbar."],
        ["Choose ", { strong: "Add to Home Screen" }, " (scroll the list down if you don't see it)."],
        ["Tap ", { strong: "Add" }, ". The site opens from its icon, like an app, and works offline."],
      ],
      "macos-safari": [
        ["In the menu bar, open ", { strong: "File" }, "."],
        ["Choose ", { strong: "Add to Dock…" }, ", then ", { strong: "Add" }, "."],
        ["The site opens from the Dock in its own window and works offline."],
      ],
      "firefox-android": [
        ["Open Firefox's menu (", { strong: "⋮" }, ")."],
        ["Choose ", { strong: "Install" }, " (or ", { strong: "Add to Home screen" }, "), then confirm."],
        ["The site opens from its icon, like an app, and works offline."],
      ],
    } satisfies Record<string, readonly RichText[]>,
  },
  share: {
    button: "Share",
    title: "Share this site",
    copy: "Copy link",
    copied: "Link copied.",
    copyManually: "Copy the selected address below.",
    address: "Address",
    qrAlt: (address: string) => `QR code of ${address}`,
    qrCaption: "Scan to open the site on a phone.",
    qrDownload: "Download the QR code (SVG)",
  },
  /** The server's refusals: the page's dialog shows them after "The server said:" (plain text off the API). */
  server: {
    unauthorized: "Missing or invalid API key.",
    forbiddenOrigin: "Requests from this website are not allowed.",
    unsupportedType: "Please send the message as JSON (Content-Type: application/json).",
    invalidJson: "The request body is not valid JSON.",
    emptyBody: "The request body is empty.",
    tooLarge: "The message is too large.",
    badRequest: "The request could not be read.",
    timeout: "The request took too long to arrive.",
    busy: "The server is busy right now. Please try again in a moment.",
    unavailable: "Sorry, the server cannot save anything right now. Please try again later.",
    duplicateHost: "The request has more than one Host header.",
    notFound: "Not found.",
    internal: "Something went wrong on our side. Please try again later.",
    idReused: "This message id was already used for a different message.",
    rateLimited: (after: string) => `Too many messages in a short time. Please try again in ${after}.`,
    /** A request whose fields fail the server's check (an invalid email uses `contact.invalid.email`). */
    invalid: {
      /** How the sentences below name a field of the request. */
      labels: { name: "name", email: "email address", message: "message", id: "message id" } as Record<
        string,
        string
      >,
      idempotencyKey: "The Idempotency-Key header must be 1 to 200 visible ASCII characters.",
      request: "The request is not valid.",
      missing: (label: string) => `Please fill in all fields: the ${label} is missing.`,
      extraField: "The request contains a field that is not accepted.",
      notObject: "The request body must be a JSON object with name, email and message.",
      notText: (label: string) => `The ${label} must be text.`,
      id: "The message id must be a lowercase UUID.",
      empty: "Please fill in all fields.",
      tooLong: (label: string, limit: number) => `The ${label} is too long: at most ${limit} characters.`,
      singleLine: "The name must be a single line of text.",
      notAllowed: (label: string) => `The ${label} contains characters that are not allowed.`,
    },
  },
  /** The résumé's headings (build/resume.ts). */
  resume: { profile: "Profile", skills: "Skills", projects: "Projects" },
} as const;
