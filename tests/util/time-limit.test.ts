import { describe, expect, it } from "vitest";
import { withinTime } from "@/lib/util/time-limit";

describe("withinTime", () => {
  it("gives the work's value when it comes in time, and says late when it does not", async () => {
    expect(await withinTime(Promise.resolve(7), 50)).toEqual({ late: false, value: 7 });
    const slow = new Promise<number>((resolve) => setTimeout(() => resolve(1), 200));
    expect(await withinTime(slow, 10)).toEqual({ late: true });
  });

  it("rejects with the work's failure when it fails first", async () => {
    await expect(withinTime(Promise.reject(new Error("boom")), 50)).rejects.toThrow("boom");
  });
});
