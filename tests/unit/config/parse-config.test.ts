/**
 * The one parser of the VITE_* variables: the build, the client and the server all call it,
 * so what it accepts and rejects is what all three accept and reject.
 */
import { parseConfig } from "../../../src/config/parse-config";
import { DEV_API_KEY } from "../../../src/shared/contact/protocol";

const FIREBASE = {
  VITE_FIREBASE_API_KEY: "public-web-key",
  VITE_FIREBASE_PROJECT_ID: "demo-portfolio",
  VITE_FIREBASE_APP_ID: "1:2:web:3",
};

describe("parseConfig", () => {
  it("needs nothing: same-origin notify URL, the development key, no Firebase, the local site URL", () => {
    expect(parseConfig({})).toEqual({
      serverUrl: "",
      apiKey: DEV_API_KEY,
      firebase: null,
      firestoreEmulator: undefined,
      siteUrl: null,
    });
  });

  it("treats blank values as unset and trims the others", () => {
    expect(parseConfig({ VITE_NOTIFY_URL: "  ", VITE_NOTIFY_API_KEY: " key-1 " })).toMatchObject({
      serverUrl: "",
      apiKey: "key-1",
    });
  });

  it("keeps an absolute notify URL without its trailing slashes, and the site's origin only", () => {
    const config = parseConfig({
      VITE_NOTIFY_URL: "https://notify.example.org/base//",
      VITE_SITE_URL: "https://me.example.org/some/page",
    });
    expect(config.serverUrl).toBe("https://notify.example.org/base");
    expect(config.siteUrl).toBe("https://me.example.org");
  });

  it.each([
    ["VITE_NOTIFY_URL", "/api", /VITE_NOTIFY_URL must be an absolute http\(s\) URL/],
    ["VITE_NOTIFY_URL", "notify.example.org", /VITE_NOTIFY_URL must be an absolute/],
    ["VITE_NOTIFY_URL", "ftp://notify.example.org", /VITE_NOTIFY_URL must use http or https/],
    ["VITE_SITE_URL", "me.example.org", /VITE_SITE_URL must be the site's absolute http\(s\) URL/],
    ["VITE_SITE_URL", "mailto:me@example.org", /VITE_SITE_URL/],
    ["VITE_FIREBASE_EMULATOR_HOST", "localhost", /VITE_FIREBASE_EMULATOR_HOST must look like/],
  ])("%s=%s is refused with a sentence naming it", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it("uses Firebase only when its three required variables are all set", () => {
    expect(parseConfig(FIREBASE).firebase).toEqual({
      apiKey: "public-web-key",
      authDomain: undefined,
      projectId: "demo-portfolio",
      storageBucket: undefined,
      messagingSenderId: undefined,
      appId: "1:2:web:3",
    });
  });

  it("refuses a partial Firebase configuration and names what is missing", () => {
    expect(() => parseConfig({ VITE_FIREBASE_PROJECT_ID: "demo-portfolio" })).toThrow(
      "Firebase is partly configured: set VITE_FIREBASE_API_KEY, VITE_FIREBASE_APP_ID too, or none of them.",
    );
  });

  it("reads the Firestore emulator's host and port", () => {
    expect(parseConfig({ VITE_FIREBASE_EMULATOR_HOST: "127.0.0.1:8080" }).firestoreEmulator).toEqual({
      host: "127.0.0.1",
      port: 8080,
    });
  });
});
