import { onIntent, whenIdle, whenIdleInTurn } from "../../../src/lib/schedule";

describe("schedule", () => {
  it("whenIdle runs a task once the page has loaded (jsdom has) and is idle; cancel stops it", async () => {
    const ran: string[] = [];
    const cancel = whenIdle(() => ran.push("cancelled"));
    cancel();
    // Idle tasks run in the order they were asked for: a cancelled one would come first.
    await new Promise<void>((resolve) =>
      whenIdle(() => {
        ran.push("kept");
        resolve();
      }),
    );
    expect(ran).toEqual(["kept"]);
  });

  it("onIntent runs once, on the first accepted event only", () => {
    const target = new EventTarget();
    const seen: string[] = [];
    onIntent(
      target,
      ["keydown", "wheel"],
      (event) => seen.push(event.type),
      (event) => event.type !== "keydown" || (event as KeyboardEvent).key === "PageDown",
    );
    target.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    expect(seen).toEqual([]);
    target.dispatchEvent(new KeyboardEvent("keydown", { key: "PageDown" }));
    target.dispatchEvent(new Event("wheel"));
    expect(seen).toEqual(["keydown"]);
  });

  it("whenIdleInTurn runs every task in order, in separate turns, even after one that throws", async () => {
    const order: string[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    whenIdleInTurn([
      () => order.push("service worker"),
      () => {
        throw new Error("boom");
      },
      () => {
        order.push("outbox");
        finished();
      },
    ]);
    await done;
    expect(order).toEqual(["service worker", "outbox"]);
  });
});
