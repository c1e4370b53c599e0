import { createStreamableValue, type StreamableValue } from "@ai-sdk/rsc";
import { runningCount, watchRun } from "./running";
import type { AnswerState } from "./state";
import { diffState, type StatePatch } from "./state-patch";

/**
 * Frames are throttled, and more so the more answers run. An answer streams ~100 deltas a second
 * at most; one lawyer alone gets 20 frames a second. Each frame costs the server's one request
 * thread ~1–2 ms (the RSC encoding, Next's response streams, gzip, the socket — bench:load found it
 * the largest part of a question's CPU), so the frames of all running answers together are held
 * to ~100 a second: 8 answers get ~12 frames a second each, 16 or more get 4–6. A frame carries
 * every change since the last one, so a slower rate loses nothing, and the browsers (on a shared
 * machine, the same cores) re-render the answer less often too.
 */
const MIN_FRAME_MS = 50;
const MAX_FRAME_MS = 250;
const FRAMES_PER_SECOND = 100;

/** The time between two frames of one answer while `running` answers stream in this process. */
export function frameInterval(running: number): number {
  return Math.min(MAX_FRAME_MS, Math.max(MIN_FRAME_MS, Math.round((1000 * running) / FRAMES_PER_SECOND)));
}

/** Where frames go: the RSC streamable value in the app, a list in tests. */
export interface FrameSink {
  update(patch: StatePatch): void;
  done(patch: StatePatch): void;
}

/**
 * Turns a run's state changes into throttled frames of what changed: `first` goes at once (the
 * whole state), later changes at most once per frameInterval(), the last change inside a frame at
 * the frame's end, the final state at once. Frames with no change are not sent.
 */
export function frameThrottle(
  sink: FrameSink,
  running: () => number = runningCount,
): { first: (state: AnswerState) => void; change: (state: AnswerState, final: boolean) => void } {
  let last = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let latest: AnswerState | undefined;
  let sent: AnswerState | undefined;
  const send = (state: AnswerState, final = false) => {
    const patch = diffState(sent, state);
    if (final) sink.done(patch);
    // Nothing changed since the last frame (the first frame always goes: it is the whole state).
    else if (sent === undefined || Object.keys(patch).length > 0) sink.update(patch);
    sent = state;
  };
  return {
    first: (state) => send(state),
    change: (state, final) => {
      latest = state;
      if (final) {
        clearTimeout(pending);
        send(state, true);
        return;
      }
      const interval = frameInterval(running());
      if (Date.now() - last >= interval) {
        clearTimeout(pending);
        pending = undefined;
        last = Date.now();
        send(state);
      } else {
        // The last change inside a frame is sent at the frame's end, not dropped.
        pending ??= setTimeout(
          () => {
            pending = undefined;
            last = Date.now();
            if (latest && latest.status === "running") send(latest);
          },
          interval - (Date.now() - last),
        );
      }
    },
  };
}

/**
 * A browser's view of a running answer: the state as it is, then throttled frames of what changed
 * (lib/chat/state-patch.ts), ending with the final change.
 */
export function streamRun(messageId: string, userId: string): StreamableValue<StatePatch> | undefined {
  const streamable = createStreamableValue<StatePatch>();
  const frames = frameThrottle(streamable);
  const watched = watchRun(messageId, userId, (state, final) => {
    if (final) watched?.unsubscribe();
    frames.change(state, final);
  });
  if (!watched) return undefined;
  frames.first(watched.state);
  return streamable.value;
}
