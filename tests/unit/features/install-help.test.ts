import { type BrowserTraits, installHelpPlatform } from "../../../src/features/pwa/install-help";

/** Real user-agent strings, as each browser sends them. */
const cases: Array<[string, BrowserTraits, ReturnType<typeof installHelpPlatform>]> = [
  [
    "Safari on iPhone",
    {
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
      maxTouchPoints: 5,
    },
    "ios",
  ],
  [
    "Chrome on iPhone (also WebKit, also Share → Add to Home Screen)",
    {
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1",
      maxTouchPoints: 5,
    },
    "ios",
  ],
  [
    "Safari on iPad, which says Macintosh",
    {
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
      maxTouchPoints: 5,
    },
    "ios",
  ],
  [
    "Safari 18 on a Mac",
    {
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
      maxTouchPoints: 0,
    },
    "macos-safari",
  ],
  [
    "Safari 16 on a Mac (no Add to Dock yet)",
    {
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15",
      maxTouchPoints: 0,
    },
    null,
  ],
  [
    "Chrome on a Mac (offers installation itself)",
    {
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36",
      maxTouchPoints: 0,
    },
    null,
  ],
  [
    "Firefox for Android",
    { userAgent: "Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0", maxTouchPoints: 5 },
    "firefox-android",
  ],
  [
    "Firefox on a desktop (cannot install web apps)",
    {
      userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
      maxTouchPoints: 0,
    },
    null,
  ],
  [
    "Chrome on Android (offers installation itself)",
    {
      userAgent:
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36",
      maxTouchPoints: 5,
    },
    null,
  ],
];

describe("which install steps a browser gets", () => {
  it.each(cases)("%s", (_name, traits, expected) => {
    expect(installHelpPlatform(traits)).toBe(expected);
  });
});
