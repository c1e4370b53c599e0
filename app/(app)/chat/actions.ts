"use server";

import type { StreamableValue } from "@ai-sdk/rsc";
import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { prepareAsk, runAsk } from "@/lib/chat/ask";
import { type CompareFrame, streamComparison } from "@/lib/chat/compare";
import { normalizeFilters } from "@/lib/chat/filters";
import { chatFiltersSchema } from "@/lib/chat/filters-schema";
import { prepareRerun } from "@/lib/chat/rerun";
import { resumeAnswer } from "@/lib/chat/resume";
import { finishRun, publishRun, registerRun } from "@/lib/chat/running";
import { type AnswerState, initialAnswerState } from "@/lib/chat/state";
import type { StatePatch } from "@/lib/chat/state-patch";
import { stopAnswer } from "@/lib/chat/stop";
import { streamRun } from "@/lib/chat/stream-run";
import { saveChatFilters } from "@/lib/db/chat-filters";
import { failure, logError } from "@/lib/errors";
import { STRATEGY_IDS } from "@/lib/rag/strategies/steps";
import { currentUser } from "../../(auth)/auth";

const askSchema = z.object({
  question: z.string().trim().min(2, "질문을 입력해 주세요.").max(4000, "질문은 4,000자 이내로 입력해 주세요."),
  chatId: z.string().min(1).optional(),
  filters: chatFiltersSchema.optional(),
  strategy: z.enum(STRATEGY_IDS).optional(),
});
const messageIdSchema = z.string().min(1).max(64);

export type AskResult =
  | {
      ok: true;
      chatId: string;
      messageId: string;
      state: StreamableValue<StatePatch>;
      /** The database was busy: the question waits in the server's queue, not yet in the chat. */
      held: boolean;
    }
  | { ok: false; message: string };

export type ResumeResult =
  | { ok: true; live: true; state: StreamableValue<StatePatch> }
  | { ok: true; live: false; final: AnswerState }
  | { ok: false; message: string };

/** Asks a question (in a new or an existing chat); the answer streams back as state snapshots. */
export async function askAction(input: z.input<typeof askSchema>): Promise<AskResult> {
  try {
    const user = requireUser(await currentUser());
    const parsed = askSchema.safeParse(input);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? "입력값이 올바르지 않습니다." };
    const { question, chatId, filters, strategy } = parsed.data;
    const prepared = await prepareAsk(user.id, question, chatId, filters, strategy);
    const id = prepared.assistantMessageId;
    const controller = registerRun(id, user.id, { ...initialAnswerState(), filters: prepared.filters });
    const state = streamRun(id, user.id);
    const onStopRequested = () => controller.abort();
    void runAsk(prepared, (_event, next) => publishRun(id, next), controller.signal, { onStopRequested }).then(
      (final) => finishRun(id, final),
      (error) => finishRun(id, { ...initialAnswerState(), status: "error", error: failure(error).message }),
    );
    if (!state) throw new Error("answer run vanished before it was watched");
    return { ok: true, chatId: prepared.chatId, messageId: id, state, held: Boolean(prepared.held) };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}

const rerunSchema = z.object({
  answerId: messageIdSchema,
  kind: z.enum(["retry", "strategy", "edit"]),
  strategy: z.enum(STRATEGY_IDS).optional(),
  question: askSchema.shape.question.optional(),
});

export type RerunResult =
  | { ok: true; messageId: string; state: StreamableValue<StatePatch> }
  | { ok: false; message: string };

/**
 * Writes a turn's answer again in place: 다시 시도 (same passages), another strategy, or an edited
 * question (the later turns are dropped). Streams like a new answer.
 */
export async function rerunAction(input: z.input<typeof rerunSchema>): Promise<RerunResult> {
  try {
    const user = requireUser(await currentUser());
    const parsed = rerunSchema.safeParse(input);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? "입력값이 올바르지 않습니다." };
    const prepared = await prepareRerun(user.id, parsed.data);
    const id = prepared.assistantMessageId;
    const controller = registerRun(id, user.id, { ...initialAnswerState(), filters: prepared.filters });
    const state = streamRun(id, user.id);
    const options = {
      onStopRequested: () => controller.abort(),
      reuse: prepared.reuse,
      versions: prepared.versions,
      replacing: prepared.replacing,
    };
    void runAsk(prepared, (_event, next) => publishRun(id, next), controller.signal, options).then(
      (final) => finishRun(id, final),
      (error) => finishRun(id, { ...initialAnswerState(), status: "error", error: failure(error).message }),
    );
    if (!state) throw new Error("answer run vanished before it was watched");
    return { ok: true, messageId: id, state };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}

const compareSchema = z.object({
  question: askSchema.shape.question,
  strategies: z.tuple([z.enum(STRATEGY_IDS), z.enum(STRATEGY_IDS)]),
  filters: chatFiltersSchema.optional(),
});

/** Two strategies answer one question side by side, streamed like an answer (nothing is stored). */
export async function compareAction(
  input: z.input<typeof compareSchema>,
): Promise<{ ok: true; frames: StreamableValue<CompareFrame> } | { ok: false; message: string }> {
  try {
    requireUser(await currentUser());
    const parsed = compareSchema.safeParse(input);
    if (!parsed.success)
      return { ok: false, message: parsed.error.issues[0]?.message ?? "입력값이 올바르지 않습니다." };
    const { question, strategies, filters } = parsed.data;
    return { ok: true, frames: streamComparison(question, strategies, normalizeFilters(filters)) };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}

/** Reconnects to an answer after a reload or navigation: its live stream, or how it ended. */
export async function resumeAnswerAction(messageId: string): Promise<ResumeResult> {
  try {
    const user = requireUser(await currentUser());
    const id = messageIdSchema.parse(messageId);
    const state = streamRun(id, user.id);
    if (state) return { ok: true, live: true, state };
    return { ok: true, live: false, final: await resumeAnswer(user.id, id) };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}

/** Stops one of the user's answers; anyone else (or nobody signed in) stops nothing. */
export async function stopAction(messageId: string): Promise<{ stopped: boolean }> {
  const user = await currentUser();
  const id = messageIdSchema.safeParse(messageId);
  if (!user || !id.success) return { stopped: false };
  try {
    return { stopped: await stopAnswer(user.id, id.data) };
  } catch (error) {
    logError(error);
    return { stopped: false };
  }
}

/** Keeps a chat's filters when the lawyer changes them (the next question, and a reload, use them). */
export async function saveFiltersAction(chatId: string, filters: unknown): Promise<{ ok: boolean; message?: string }> {
  try {
    const user = requireUser(await currentUser());
    const id = messageIdSchema.parse(chatId);
    const parsed = chatFiltersSchema.safeParse(filters ?? {});
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "필터가 올바르지 않습니다." };
    return { ok: await saveChatFilters(user.id, id, normalizeFilters(parsed.data)) };
  } catch (error) {
    return { ok: false, message: failure(error).message };
  }
}
