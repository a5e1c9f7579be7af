import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InstallButton } from "../../src/features/pwa/install-button";

/** An event shaped like Chromium's `beforeinstallprompt`, with a prompt() to count calls. */
function offer() {
  const event = new Event("beforeinstallprompt", { cancelable: true });
  const prompt = vi.fn(async () => ({ outcome: "accepted" }));
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

afterEach(() => vi.restoreAllMocks());

describe("InstallButton", () => {
  it("renders nothing until the browser offers installation", () => {
    const { container } = render(<InstallButton />);
    expect(container).toBeEmptyDOMElement();
  });

  it("takes the offer (no mini-infobar), prompts on click, and is gone afterwards", async () => {
    render(<InstallButton />);
    const { event, prompt } = offer();
    expect(event.defaultPrevented).toBe(true);
    const button = screen.getByRole("button", { name: "Install app" });
    await userEvent.click(button);
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("goes away when the app is installed", () => {
    render(<InstallButton />);
    offer();
    expect(screen.getByRole("button", { name: "Install app" })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("never shows when running as an installed app", () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({ matches: query === "(display-mode: standalone)", media: query }) as MediaQueryList,
    );
    const { container } = render(<InstallButton />);
    offer();
    expect(container).toBeEmptyDOMElement();
  });

  it("a prompt() that throws (offer already used) just hides the button", async () => {
    render(<InstallButton />);
    const { prompt } = offer();
    prompt.mockRejectedValueOnce(new DOMException("already used", "InvalidStateError"));
    await userEvent.click(screen.getByRole("button", { name: "Install app" }));
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("on an iPhone, whose Safari makes no offer", () => {
  const IPHONE_SAFARI =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
  beforeEach(() => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(IPHONE_SAFARI);
  });

  /** Renders the button and lets the help's chunk arrive. */
  async function renderSettled() {
    const rendered = render(<InstallButton />);
    await act(async () => {
      await import("../../src/features/pwa/install-help");
    });
    return rendered;
  }

  it("shows Install app, for the steps", async () => {
    await renderSettled();
    expect(await screen.findByRole("button", { name: "Install app" })).toBeInTheDocument();
  });

  it("shows nothing when opened from the Home Screen (navigator.standalone), even with an offer", async () => {
    Object.defineProperty(navigator, "standalone", { configurable: true, get: () => true });
    try {
      const { container } = await renderSettled();
      offer();
      expect(container).toBeEmptyDOMElement();
    } finally {
      delete (navigator as Navigator & { standalone?: boolean }).standalone;
    }
  });

  it("shows nothing when running installed (display-mode: standalone), even with an offer", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({ matches: query === "(display-mode: standalone)", media: query }) as MediaQueryList,
    );
    const { container } = await renderSettled();
    offer();
    expect(container).toBeEmptyDOMElement();
  });
});
