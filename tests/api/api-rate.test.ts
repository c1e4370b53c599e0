import { describe, expect, it } from "vitest";
import { SlidingWindow } from "@/lib/auth/api-rate";

/** The per-token limit counts units of work (an MCP batch: one a call), all of a request's or none. */
describe("SlidingWindow with units", () => {
  it("takes a request's units together or not at all, and says when they will fit", () => {
    const window = new SlidingWindow(() => 5, 60_000);
    expect(window.take("t", 0, 3)).toEqual({ ok: true });
    expect(window.take("t", 10_000, 1)).toEqual({ ok: true });
    // 4 taken: 3 more do not fit, and none of them is spent. Room for them comes when the first 3 (at 0) leave.
    expect(window.take("t", 20_000, 3)).toEqual({ ok: false, retryAfterMs: 40_000 });
    expect(window.take("t", 20_000, 1)).toEqual({ ok: true });
    expect(window.take("t", 20_000, 1)).toEqual({ ok: false, retryAfterMs: 40_000 });
    // After the window, all of it again; more units than the limit never fit.
    expect(window.take("t", 80_001, 5)).toEqual({ ok: true });
    expect(window.take("u", 0, 6)).toEqual({ ok: false, retryAfterMs: 60_000 });
  });
});
