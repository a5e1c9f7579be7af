import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { resetAppStore } from "../../src/store/app-store";

// jsdom lacks a few browser APIs the app touches. These fill in the environment only;
// nothing here replaces the code under test (the real Lottie engine runs on top of them).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// lottie-web probes a 2D canvas at import time; jsdom has no canvas implementation.
HTMLCanvasElement.prototype.getContext = vi.fn(() => null) as unknown as HTMLCanvasElement["getContext"];

// jsdom has <dialog> but not its modal methods; a minimal version that keeps `open` and the
// `close` event, so components behave as in a browser (the real dialog is covered end to end).
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

afterEach(() => {
  cleanup();
  resetAppStore();
  document.documentElement.removeAttribute("data-theme");
});
