import { afterNextPaint, afterQuiet, whenIdle } from "../../../src/lib/schedule";

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

  describe("on a fake clock", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    describe("afterQuiet", () => {
      it("runs at once when nothing touched it", () => {
        const task = vi.fn();
        afterQuiet(1000).run(task);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it("waits for a quiet spell after the last touch, every touch pushing it back, and runs once", () => {
        const quiet = afterQuiet(1000);
        const task = vi.fn();
        quiet.touch();
        quiet.run(task);
        // Keys 600 ms apart: never a quiet second.
        for (let key = 0; key < 5; key++) {
          vi.advanceTimersByTime(600);
          quiet.touch();
        }
        expect(task).not.toHaveBeenCalled();
        vi.advanceTimersByTime(999);
        expect(task).not.toHaveBeenCalled();
        vi.advanceTimersByTime(1);
        expect(task).toHaveBeenCalledTimes(1);
        vi.advanceTimersByTime(5000);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it("a later run replaces a waiting one", () => {
        const quiet = afterQuiet(1000);
        const first = vi.fn();
        const second = vi.fn();
        quiet.touch();
        quiet.run(first);
        vi.advanceTimersByTime(500);
        quiet.run(second);
        vi.advanceTimersByTime(500);
        expect(first).not.toHaveBeenCalled();
        expect(second).toHaveBeenCalledTimes(1);
      });
    });

    describe("afterNextPaint", () => {
      it("runs in a task after the next frame, not in the frame", () => {
        const task = vi.fn();
        afterNextPaint(task);
        expect(task).not.toHaveBeenCalled();
        vi.advanceTimersToNextFrame();
        expect(task).not.toHaveBeenCalled();
        // The fake clock runs a 0 ms timer 1 ms on.
        vi.advanceTimersByTime(1);
        expect(task).toHaveBeenCalledTimes(1);
        vi.advanceTimersByTime(1000);
        expect(task).toHaveBeenCalledTimes(1);
      });

      it("runs at once, in a task, on a hidden page (which draws no frame)", () => {
        const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(true);
        const frame = vi.spyOn(window, "requestAnimationFrame");
        const task = vi.fn();
        afterNextPaint(task);
        expect(task).not.toHaveBeenCalled();
        vi.advanceTimersByTime(1);
        expect(task).toHaveBeenCalledTimes(1);
        expect(frame).not.toHaveBeenCalled();
        hidden.mockRestore();
        frame.mockRestore();
      });
    });
  });
});
