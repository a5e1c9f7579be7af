import { describe, expect, it } from "vitest";
import { cachedLoad } from "../../src/shared/cached-load";

describe("cachedLoad", () => {
  it("loads once, shares the pending load, and exposes the value once loaded", async () => {
    let calls = 0;
    const load = cachedLoad(async () => {
      calls += 1;
      return { answer: 42 };
    });
    expect(load.value()).toBeUndefined();
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(load.value()).toBe(first);
    expect(calls).toBe(1);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    let calls = 0;
    const load = cachedLoad(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return "chunk";
    });
    await expect(load()).rejects.toThrow("Failed to fetch");
    expect(load.value()).toBeUndefined();
    expect(await load()).toBe("chunk");
    expect(calls).toBe(2);
  });
});
