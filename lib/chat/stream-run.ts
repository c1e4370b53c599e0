import { createStreamableValue, type StreamableValue } from "@ai-sdk/rsc";
import { watchRun } from "./running";
import type { AnswerState } from "./state";
import { diffState, type StatePatch } from "./state-patch";

// Frames are throttled: an answer streams ~100 deltas; the browser needs ~20 frames a second.
const FRAME_MS = 50;

/**
 * A browser's view of a running answer: the state as it is, then throttled frames of what changed
 * (lib/chat/state-patch.ts), ending with the final change.
 */
export function streamRun(messageId: string, userId: string): StreamableValue<StatePatch> | undefined {
  let last = 0;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let latest: AnswerState | undefined;
  let sent: AnswerState | undefined;
  const streamable = createStreamableValue<StatePatch>();
  const send = (state: AnswerState, final = false) => {
    const patch = diffState(sent, state);
    sent = state;
    if (final) streamable.done(patch);
    else streamable.update(patch);
  };
  const watched = watchRun(messageId, userId, (state, final) => {
    latest = state;
    if (final) {
      clearTimeout(pending);
      watched?.unsubscribe();
      send(state, true);
    } else if (Date.now() - last >= FRAME_MS) {
      last = Date.now();
      send(state);
    } else {
      // The last change inside a frame is sent at the frame's end, not dropped.
      pending ??= setTimeout(() => {
        pending = undefined;
        last = Date.now();
        if (latest && latest.status === "running") send(latest);
      }, FRAME_MS);
    }
  });
  if (!watched) return undefined;
  send(watched.state);
  return streamable.value;
}
