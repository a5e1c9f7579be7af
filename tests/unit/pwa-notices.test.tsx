import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_READY_VISIBLE_MS, PwaNotices } from "../../src/features/pwa/pwa-notices";
import { pwaState, resetPwaState } from "../../src/features/pwa/pwa-state";

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

/** The page's main region, where focus goes after a keyboard dismissal. */
function renderWithMain() {
  return render(
    <>
      <main id="main" tabIndex={-1} />
      <PwaNotices />
    </>,
  );
}

afterEach(() => {
  resetPwaState();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("PwaNotices: offline-ready", () => {
  it("shows nothing until the worker is ready, then 'Ready to work offline' in a polite live region", () => {
    const { container } = renderWithMain();
    expect(screen.queryByRole("group")).toBeNull();
    act(() => pwaState.getState().showOfflineReady());
    const notice = screen.getByRole("group", { name: "Ready to work offline" });
    expect(notice).toHaveTextContent("works without a connection");
    expect(notice.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    // It never steals focus.
    expect(container.contains(document.activeElement)).toBe(false);
  });

  it("is dismissed with its button", async () => {
    renderWithMain();
    act(() => pwaState.getState().showOfflineReady());
    await userEvent.click(screen.getByRole("button", { name: "Dismiss: Ready to work offline" }));
    expect(screen.queryByRole("group")).toBeNull();
    expect(pwaState.getState().offlineReady).toBe(false);
  });

  it("is dismissed with Escape, and focus goes back to the page", async () => {
    renderWithMain();
    act(() => pwaState.getState().showOfflineReady());
    screen.getByRole("button", { name: "Dismiss: Ready to work offline" }).focus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("group")).toBeNull();
    expect(document.activeElement).toBe(document.getElementById("main"));
  });

  it("goes away by itself, but not while it has focus", () => {
    vi.useFakeTimers();
    renderWithMain();
    act(() => pwaState.getState().showOfflineReady());
    const close = screen.getByRole("button", { name: "Dismiss: Ready to work offline" });
    act(() => close.focus());
    act(() => vi.advanceTimersByTime(OFFLINE_READY_VISIBLE_MS * 2));
    expect(screen.getByRole("group", { name: "Ready to work offline" })).toBeInTheDocument();
    act(() => close.blur());
    act(() => vi.advanceTimersByTime(OFFLINE_READY_VISIBLE_MS + 10));
    expect(screen.queryByRole("group")).toBeNull();
  });
});

describe("PwaNotices: update", () => {
  it("offers Reload; only the click applies the update, once", async () => {
    renderWithMain();
    const apply = vi.fn();
    act(() => pwaState.getState().offerUpdate(apply));
    const prompt = screen.getByRole("group", { name: "A new version is available" });
    expect(apply).not.toHaveBeenCalled();
    const reload = screen.getByRole("button", { name: "Reload" });
    await userEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(prompt).toHaveTextContent("Reloading…");
    await userEvent.click(screen.getByRole("button", { name: "Reloading…" }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it("'Later' and Escape dismiss it without applying", async () => {
    renderWithMain();
    const apply = vi.fn();
    act(() => pwaState.getState().offerUpdate(apply));
    await userEvent.click(screen.getByRole("button", { name: "Later" }));
    expect(screen.queryByRole("group")).toBeNull();

    act(() => pwaState.getState().offerUpdate(apply));
    screen.getByRole("button", { name: "Reload" }).focus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("group")).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });

  it("never hides by itself", () => {
    vi.useFakeTimers();
    renderWithMain();
    act(() => pwaState.getState().offerUpdate(() => {}));
    act(() => vi.advanceTimersByTime(60 * 60 * 1000));
    expect(screen.getByRole("group", { name: "A new version is available" })).toBeInTheDocument();
  });
});

describe("PwaNotices: offline banner", () => {
  beforeEach(() => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
  });

  it("is an empty status region online, and says so while offline", () => {
    renderWithMain();
    const status = screen.getByRole("status");
    expect(status).toBeEmptyDOMElement();
    setOnline(false);
    expect(status).toHaveTextContent("You're offline. The site still works.");
    setOnline(true);
    expect(status).toBeEmptyDOMElement();
  });

  it("shows at once when the page loads offline", () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    renderWithMain();
    expect(screen.getByRole("status")).toHaveTextContent("You're offline");
  });

  it("can be dismissed, and returns on the next loss of connection", async () => {
    renderWithMain();
    setOnline(false);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss: You're offline" }));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
    setOnline(true);
    setOnline(false);
    expect(screen.getByRole("status")).toHaveTextContent("You're offline");
    fireEvent.keyDown(screen.getByRole("button", { name: "Dismiss: You're offline" }), { key: "Escape" });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
