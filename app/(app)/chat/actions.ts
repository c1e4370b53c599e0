"use server";

import { createStreamableValue, type StreamableValue } from "@ai-sdk/rsc";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { finishRun, registerRun, stopRun } from "@/lib/chat/running";
import { type AnswerState, applyChatEvent, initialAnswerState } from "@/lib/chat/state";
import { failure } from "@/lib/errors";
import { currentUser } from "../../(auth)/auth";

const askSchema = z.object({
  question: z.string().trim().min(2, "질문을 입력해 주세요.").max(4000, "질문은 4,000자 이내로 입력해 주세요."),
  chatId: z.string().min(1).optional(),
  corpusIds: z.array(z.string().min(1)).max(50).optional(),
});

export type AskResult =
  | { ok: true; chatId: string; messageId: string; state: StreamableValue<AnswerState> }
  | { ok: false; message: string };

// Snapshots are throttled: an answer streams ~100 deltas; the browser needs ~20 frames a second.
const FRAME_MS = 50;

/** Asks a question (in a new or an existing chat); the answer streams back as state snapshots. */
export async function askAction(input: z.input<typeof askSchema>): Promise<AskResult> {
  try {
    const user = requireUser(await currentUser());
    const parsed = askSchema.safeParse(input);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? "입력값이 올바르지 않습니다." };
    const prepared = await prepareAsk(user.id, parsed.data.question, parsed.data.chatId, parsed.data.corpusIds);
    const streamable = createStreamableValue<AnswerState>(initialAnswerState());
    const controller = registerRun(prepared.assistantMessageId, user.id);
    let state = initialAnswerState();
    let last = 0;
    void runAsk(
      prepared,
      (event) => {
        state = applyChatEvent(state, event);
        const final = state.status !== "running";
        if (final || Date.now() - last >= FRAME_MS) {
          last = Date.now();
          streamable.update(state);
        }
      },
      controller.signal,
    ).finally(() => {
      finishRun(prepared.assistantMessageId);
      streamable.done(state);
    });
    return { ok: true, chatId: prepared.chatId, messageId: prepared.assistantMessageId, state: streamable.value };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}

export async function stopAction(messageId: string): Promise<{ stopped: boolean }> {
  const user = requireUser(await currentUser());
  return { stopped: stopRun(messageId, user.id) };
}
