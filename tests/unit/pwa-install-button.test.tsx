import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
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
