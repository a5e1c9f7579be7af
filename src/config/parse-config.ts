import type { PipelineConfig } from "../shared/contact/deps";
import { DEV_API_KEY } from "../shared/contact/protocol.ts";

/** The port the server listens on without PORT (`npm run dev` proxies to it, `vite preview` takes it). */
export const DEFAULT_PORT = 4173;

/** The `VITE_*` variables the client reads. Everything here ends up in the public bundle. */
export interface ClientEnv {
  /** Public address of the site (canonical links, previews, sitemap, QR code); unset, none names one. */
  VITE_SITE_URL?: string;
  VITE_NOTIFY_URL?: string;
  VITE_NOTIFY_API_KEY?: string;
  VITE_FIREBASE_API_KEY?: string;
  VITE_FIREBASE_AUTH_DOMAIN?: string;
  VITE_FIREBASE_PROJECT_ID?: string;
  VITE_FIREBASE_STORAGE_BUCKET?: string;
  VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  VITE_FIREBASE_APP_ID?: string;
  /** `host:port` of a Firestore emulator (development and tests only). */
  VITE_FIREBASE_EMULATOR_HOST?: string;
}

/** A setting that cannot be used, in one sentence that names the variable (the server's settings throw it too). */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const FIREBASE_REQUIRED = [
  "VITE_FIREBASE_API_KEY",
  "VITE_FIREBASE_PROJECT_ID",
  "VITE_FIREBASE_APP_ID",
] as const;

/** Every value trimmed, blank ones left out: blank means unset, for the build's and the server's variables. */
export function withoutBlanks<T extends object>(env: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(env).flatMap(([name, value]: [string, unknown]) =>
      typeof value === "string" && value.trim() !== "" ? [[name, value.trim()]] : [],
    ),
  ) as Partial<T>;
}

/** The client's configuration: the message pipeline's settings and the site's public URL. */
export interface ClientConfig extends PipelineConfig {
  /** The site's public origin (`https://example.dev`), or `null` when `VITE_SITE_URL` is unset. */
  siteUrl: string | null;
}

/** Throws with a sentence that names the variable to fix; `vite.config.ts` calls it, so a bad value fails the build. */
export function parseConfig(raw: ClientEnv): ClientConfig {
  const env = withoutBlanks(raw);
  const serverUrl = env.VITE_NOTIFY_URL ?? "";
  if (serverUrl) {
    const url = URL.parse(serverUrl);
    if (!url) throw new ConfigError(`VITE_NOTIFY_URL must be an absolute http(s) URL, got "${serverUrl}".`);
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new ConfigError(`VITE_NOTIFY_URL must use http or https, got "${url.protocol}".`);
    }
  }

  const siteUrl = env.VITE_SITE_URL;
  if (siteUrl !== undefined && (!/^https?:\/\/[^/]+/.test(siteUrl) || !URL.canParse(siteUrl))) {
    throw new ConfigError(`VITE_SITE_URL must be the site's absolute http(s) URL, got "${siteUrl}".`);
  }

  const missing = FIREBASE_REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < FIREBASE_REQUIRED.length) {
    throw new ConfigError(`Firebase is partly configured: set ${missing.join(", ")} too, or none of them.`);
  }

  let emulator: PipelineConfig["firestoreEmulator"];
  const emulatorHost = env.VITE_FIREBASE_EMULATOR_HOST;
  if (emulatorHost) {
    const match = /^([^:]+):(\d{1,5})$/.exec(emulatorHost);
    if (!match?.[1] || !match[2]) {
      throw new ConfigError(
        `VITE_FIREBASE_EMULATOR_HOST must look like "127.0.0.1:8080", got "${emulatorHost}".`,
      );
    }
    emulator = { host: match[1], port: Number(match[2]) };
  }

  const firebase =
    missing.length === 0
      ? {
          apiKey: env.VITE_FIREBASE_API_KEY,
          authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
          projectId: env.VITE_FIREBASE_PROJECT_ID,
          storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
          messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
          appId: env.VITE_FIREBASE_APP_ID,
        }
      : null;

  return {
    serverUrl: serverUrl.replace(/\/+$/, ""),
    apiKey: env.VITE_NOTIFY_API_KEY ?? DEV_API_KEY,
    firebase,
    firestoreEmulator: emulator,
    siteUrl: siteUrl === undefined ? null : new URL(siteUrl).origin,
  };
}
