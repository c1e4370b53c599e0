import { describe, expect, it } from "vitest";
import { forEachSliced, SLICE_MS, yieldIfBusy, yieldNow } from "@/lib/jobs/time-slice";

/** Synchronous work of `ms` milliseconds (what a cached SQLite read loop looks like to the event loop). */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

/** Runs `work` while a 5 ms interval measures the largest gap between its ticks. */
async function maxGapDuring(work: () => Promise<void>): Promise<{ maxGap: number; ticks: number }> {
  let last = performance.now();
  let maxGap = 0;
  let ticks = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    ticks += 1;
  }, 5);
  last = performance.now();
  await work();
  clearInterval(probe);
  maxGap = Math.max(maxGap, performance.now() - last);
  return { maxGap, ticks };
}

describe("time slicing", () => {
  it("yields only once a slice is used up", async () => {
    await yieldNow();
    expect(await yieldIfBusy()).toBe(false);
    busy(SLICE_MS + 5);
    expect(await yieldIfBusy()).toBe(true);
    expect(await yieldIfBusy()).toBe(false);
  });

  it("lets timers run during a long synchronous loop that checks the slice", async () => {
    const sliced = await maxGapDuring(async () => {
      for (let i = 0; i < 400; i++) {
        busy(1);
        await yieldIfBusy();
      }
    });
    // The same work without yielding holds the loop for its whole length: the control.
    const unsliced = await maxGapDuring(async () => {
      for (let i = 0; i < 400; i++) {
        busy(1);
        await Promise.resolve();
      }
    });
    expect(unsliced.maxGap).toBeGreaterThan(350);
    expect(sliced.maxGap).toBeLessThan(200);
    expect(sliced.ticks).toBeGreaterThan(5);
  });

  it("visits every item in order", async () => {
    const seen: number[] = [];
    await forEachSliced([3, 1, 2], (item, index) => seen.push(item * 10 + index));
    expect(seen).toEqual([30, 11, 22]);
  });
});
