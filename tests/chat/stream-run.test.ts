import { describe, expect, it } from "vitest";
import { type AnswerState, applyChatEvent, initialAnswerState } from "@/lib/chat/state";
import { applyPatch, type StatePatch } from "@/lib/chat/state-patch";
import { frameInterval, frameThrottle } from "@/lib/chat/stream-run";

describe("frames of running answers", () => {
  it("gives one answer 20 frames a second and holds many answers to ~100 frames a second together", () => {
    expect(frameInterval(1)).toBe(50);
    expect(frameInterval(8)).toBe(80);
    expect(frameInterval(16)).toBe(160);
    // Past 25 answers each still gets a frame every quarter second.
    expect(frameInterval(50)).toBe(250);
  });

  it("sends fewer frames than changes, skips empty ones, and ends with the whole final state", async () => {
    const frames: StatePatch[] = [];
    let ended = false;
    const throttle = frameThrottle(
      {
        update: (patch) => frames.push(patch),
        done: (patch) => {
          frames.push(patch);
          ended = true;
        },
      },
      () => 16,
    );
    let state: AnswerState = initialAnswerState();
    const started = Date.now();
    throttle.first(state);
    // 200 answer deltas over ~0.4 s, each published twice (the second time nothing changed).
    for (let i = 0; i < 200; i++) {
      state = applyChatEvent(state, { type: "answer-delta", delta: "가" });
      throttle.change(state, false);
      throttle.change(state, false);
      if (i % 20 === 19) await new Promise((r) => setTimeout(r, 40));
    }
    throttle.change({ ...state, status: "done" }, true);
    expect(ended).toBe(true);
    // At 16 running answers a frame every 160 ms at most (however slow this machine is): the first,
    // one per 160 ms, and the last — not one per change.
    expect(frames.length).toBeGreaterThan(2);
    expect(frames.length).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 160) + 3);
    expect(frames.slice(1, -1).every((f) => Object.keys(f).length > 0)).toBe(true);
    const shown = frames.reduce<AnswerState | undefined>((s, f) => applyPatch(s, f), undefined);
    expect(shown?.answer).toBe("가".repeat(200));
    expect(shown?.status).toBe("done");
  });
});
