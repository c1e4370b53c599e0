import { answerPrompt } from "../../ai/prompts/answer";
import { toAppError } from "../../errors";
import type { ScoredChunk } from "../../ingest/types";
import { splitCitations } from "../citations";
import { retrievalOnlyAnswer } from "../retrieval-only-answer";
import type { PipelineResult } from "../types";
import { isFatal, type RunContext } from "./context";

export interface Answered {
  answer: string;
  retrievalOnly: boolean;
  /** The answer's token log-probs, when asked for and the endpoint returned them. */
  logprobs?: number[];
}

/**
 * The answer model writes from the passages, streaming; its tokens count as the answer's. The text
 * so far is kept in `written` (an answer cut by the deadline ends where it is).
 */
async function writeAnswer(ctx: RunContext, context: ScoredChunk[], logprobs: boolean, written: { text: string }) {
  return ctx.timed("llm:answer", async () => {
    const stream = ctx.deps.stream;
    if (!stream) throw new Error("writeAnswer without an LLM");
    const call = stream({
      role: "answer",
      ...answerPrompt(ctx.question, context, ctx.options.answerNote),
      temperature: ctx.settings.temperature,
      signal: ctx.llmSignal,
      logprobs: logprobs || undefined,
    });
    for await (const delta of call.deltas) {
      ctx.trace.firstAnswerTokenMs ??= ctx.at();
      written.text += delta;
      ctx.send({ type: "answer-delta", delta });
    }
    const n = await ctx.countTokens(call.usage);
    if (call.usage) ctx.trace.answerTokens = (ctx.trace.answerTokens ?? 0) + n;
    return { text: written.text, logprobs: await call.logprobs };
  });
}

/**
 * Step 6: the answer from the passages. Nothing found: no LLM answer (it would answer from memory,
 * which is exactly what the product must not do). No LLM, or it failed: the ranked precedents.
 */
export async function answerStage(
  ctx: RunContext,
  context: ScoredChunk[],
  options: { logprobs?: boolean } = {},
): Promise<Answered> {
  if (context.length === 0 && ctx.deps.stream) {
    ctx.notice("no_results", "관련 판례를 찾지 못해 답변을 작성하지 않았습니다.");
  }
  // Out of time before the answer began: the precedents found (the deadline's notice says why).
  if (ctx.deps.stream && context.length > 0 && !ctx.cut()) {
    const written = { text: "" };
    try {
      const { text, logprobs } = await writeAnswer(ctx, context, options.logprobs ?? false, written);
      return { answer: text, retrievalOnly: false, logprobs };
    } catch (error) {
      const appError = toAppError(error);
      // Out of time midway: the text the lawyer already reads stays; with none yet, the precedents.
      if (ctx.cut() && appError.code !== "ai:replay_missing") {
        if (written.text.trim()) return { answer: written.text, retrievalOnly: false };
      } else {
        if (isFatal(appError)) throw appError;
        ctx.notice("answer_failed", `답변 작성에 실패해 검색된 판례를 대신 보여 드립니다: ${appError.userMessage}`);
      }
    }
  }
  const answer = await retrievalOnlyAnswer(context, ctx.deps.store);
  ctx.trace.firstAnswerTokenMs ??= ctx.at();
  ctx.send({ type: "answer-delta", delta: answer });
  return { answer, retrievalOnly: true };
}

/** The run's result; `answer: false` runs (retrieval-only evaluation) end with the passages. */
export function finishRun(ctx: RunContext, context: ScoredChunk[], answered?: Answered): PipelineResult {
  ctx.trace.totalMs = ctx.at();
  ctx.dispose();
  if (!answered) return { answer: "", parts: [], context, trace: ctx.trace, retrievalOnly: true };
  return {
    answer: answered.answer,
    parts: splitCitations(answered.answer, context),
    context,
    trace: ctx.trace,
    retrievalOnly: answered.retrievalOnly,
  };
}
