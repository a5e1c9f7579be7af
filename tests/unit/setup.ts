import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { resetAppState } from "../../src/state/app-state";

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

// lottie-web probes a 2D canvas at import time; jsdom has no canvas implementation. An inert
// context (every method a no-op) lets it load; the SVG renderer the app uses needs no canvas.
const inertContext = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, key) => (key in target ? target[key] : () => undefined),
  set: (target, key, value) => {
    target[key] = value;
    return true;
  },
});
HTMLCanvasElement.prototype.getContext = vi.fn(
  () => inertContext,
) as unknown as HTMLCanvasElement["getContext"];

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

configure({ asyncUtilTimeout: 5000 });

// The pages are lazy chunks, transformed on first import: seconds on a busy machine, once per run.
// Load them before each file's first test, so that no test's wait limit pays for compiling the app.
beforeAll(async () => {
  await Promise.all(Object.values(import.meta.glob("../../src/app/routes/*.tsx")).map((load) => load()));
}, 120_000);

// The files of a worker share one jsdom (isolate: false in vite.config.ts), not the app: the next
// file imports its modules afresh, never this one's state or mocks.
afterAll(() => {
  vi.resetModules();
});

afterEach(() => {
  cleanup();
  resetAppState();
  document.documentElement.removeAttribute("data-theme");
});
