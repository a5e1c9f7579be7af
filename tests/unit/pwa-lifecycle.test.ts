import { describe, expect, it } from "vitest";
import { claimOfflineReadyNotice, OFFLINE_READY_SHOWN_KEY } from "../../src/features/pwa/offline-ready";
import { isPageToWorkerMessage, PWA_MESSAGE, skipWaitingMessage } from "../../src/shared/pwa/messages";
import { NAVIGATION_DENYLIST, navigationCandidates } from "../../sw/navigation";

class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe("claimOfflineReadyNotice", () => {
  it("is true the first time only, and remembers it in storage", () => {
    const storage = new MemoryStorage();
    expect(claimOfflineReadyNotice(storage)).toBe(true);
    expect(storage.getItem(OFFLINE_READY_SHOWN_KEY)).not.toBeNull();
    expect(claimOfflineReadyNotice(storage)).toBe(false);
    expect(claimOfflineReadyNotice(storage)).toBe(false);
  });

  it("shows nothing when storage is missing or throws, rather than on every visit", () => {
    expect(claimOfflineReadyNotice(null)).toBe(false);
    const broken = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {},
    };
    expect(claimOfflineReadyNotice(broken)).toBe(false);
  });
});

describe("page ↔ worker messages", () => {
  it("are typed objects built from one table", () => {
    expect(skipWaitingMessage).toEqual({ type: PWA_MESSAGE.skipWaiting });
  });

  it("the guards accept only this module's messages", () => {
    expect(isPageToWorkerMessage(skipWaitingMessage)).toBe(true);
    for (const other of ["SKIP_WAITING", null, 1, {}, { type: "OUTBOX_DRAINED" }, { type: "GET_VERSION" }]) {
      expect(isPageToWorkerMessage(other)).toBe(false);
    }
  });
});

describe("navigationCandidates: the document that answers a navigation", () => {
  it("an app route: its prerendered page, else the shell", () => {
    expect(navigationCandidates("/skills")).toEqual(["/skills/index.html", "/index.html"]);
    expect(navigationCandidates("/skills/")).toEqual(["/skills/index.html", "/index.html"]);
    expect(navigationCandidates("/project")).toEqual(["/project/index.html", "/index.html"]);
    expect(navigationCandidates("/")).toEqual(["/index.html"]);
  });

  it("any other path: the prerendered not-found page, else the shell", () => {
    expect(navigationCandidates("/no-such-page")).toEqual(["/404.html", "/index.html"]);
    expect(navigationCandidates("/skills/extra")).toEqual(["/404.html", "/index.html"]);
    expect(navigationCandidates("/Skills")).toEqual(["/404.html", "/index.html"]);
  });

  it("the API, the notification endpoint and files are never answered with a page", () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    for (const path of ["/api/messages", "/api", "/email/send-notification", "/robots.txt", "/resume.pdf"]) {
      expect(denied(path), path).toBe(true);
    }
    for (const path of ["/", "/skills", "/project", "/contact", "/no-such-page", "/apiary", "/emails"]) {
      expect(denied(path), path).toBe(false);
    }
  });
});
