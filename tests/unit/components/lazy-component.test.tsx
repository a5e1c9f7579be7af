import { act, render, screen } from "@testing-library/react";
import { lazyComponent } from "../../../src/components/browser-only";

/** A chunk that cannot be fetched the first `failures` times, then arrives. */
function flakyChunk(failures: number) {
  let calls = 0;
  const load = async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError("Failed to fetch dynamically imported module");
    return ({ label }: { label: string }) => <p>{label}</p>;
  };
  return { load, calls: () => calls };
}

describe("lazyComponent", () => {
  it("draws nothing until its chunk is in, then the component with its props", async () => {
    const chunk = flakyChunk(0);
    const Lazy = lazyComponent(chunk.load);
    render(<Lazy label="Loaded" />);
    expect(await screen.findByText("Loaded")).toBeVisible();
    expect(chunk.calls()).toBe(1);
  });

  it("draws its fallback while the chunk is missing, and keeps it after a failure", async () => {
    const chunk = flakyChunk(1);
    const Lazy = lazyComponent(chunk.load, <span>Spinner</span>);
    render(<Lazy label="Loaded" />);
    await act(async () => {});
    expect(chunk.calls()).toBe(1);
    expect(screen.getByText("Spinner")).toBeVisible();

    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByText("Loaded")).toBeVisible();
    expect(screen.queryByText("Spinner")).toBeNull();
  });

  it("asks again for a chunk that failed, when the connection returns and when drawn anew", async () => {
    const chunk = flakyChunk(2);
    const Lazy = lazyComponent(chunk.load);
    const first = render(<Lazy label="Loaded" />);
    await act(async () => {});
    expect(chunk.calls()).toBe(1);
    expect(screen.queryByText("Loaded")).toBeNull();

    await act(async () => void window.dispatchEvent(new Event("online")));
    expect(chunk.calls()).toBe(2);
    expect(screen.queryByText("Loaded")).toBeNull();
    first.unmount();

    render(<Lazy label="Loaded" />);
    expect(await screen.findByText("Loaded")).toBeVisible();
    expect(chunk.calls()).toBe(3);
  });
});
