import { whenIdle } from "../../../src/lib/schedule";

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
});
