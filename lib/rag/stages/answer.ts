import { answerPrompt } from "../../ai/prompts/answer";
import { toAppError } from "../../errors";
import type { OverruledNote } from "../../text/citation-types";
import type { ScoredChunk } from "../../text/decision";
import { decisionKey } from "../../text/decision-key";
import { splitCitations } from "../citations";
import type { AnswerGate } from "../decline";
import { retrievalOnlyAnswer } from "../retrieval-only-answer";
import type { PipelineResult } from "../types";
import { isFatal, type RunContext } from "./context";

export interface Answered {
  answer: string;
  retrievalOnly: boolean;
  /** The answer's token log-probs, when asked for and the endpoint returned them. */
  logprobs?: number[];
  /** Why the model stopped before the end (the answer is the text written until then). */
  cutOff?: string;
}

/**
 * The answer model writes from the passages, streaming; its tokens count as the answer's. The text
 * so far is kept in `written` (an answer cut by the deadline ends where it is).
 */
async function writeAnswer(
  ctx: RunContext,
  context: ScoredChunk[],
  logprobs: boolean,
  written: { text: string },
  overruled?: OverruledNote[],
) {
  return ctx.timed("llm:answer", async () => {
    const stream = ctx.deps.stream;
    if (!stream) throw new Error("writeAnswer without an LLM");
    const call = stream({
      role: "answer",
      ...answerPrompt(ctx.question, context, ctx.options.answerNote, overruled),
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
 * The caller's gate just before the answer (issue 15: the citation graph's signals, overrulings for
 * the prompt, the thin-evidence decline). Every strategy's answer passes here, CC-RAG's retries too
 * (each with its own, larger context); the trace keeps the last attempt's decision.
 */
async function gateAnswer(ctx: RunContext, context: ScoredChunk[]): Promise<AnswerGate | undefined> {
  if (!ctx.deps.beforeAnswer || context.length === 0) return undefined;
  const gate = await ctx.deps.beforeAnswer({ question: ctx.question, context, reranked: ctx.trace.reranked });
  ctx.checkAbort();
  if (gate?.decline) ctx.notice(gate.decline.code, gate.decline.message);
  ctx.trace.decline = gate?.decline;
  return gate;
}

/**
 * Step 6: the answer from the passages. Nothing found: no LLM answer (it would answer from memory,
 * which is exactly what the product must not do). No LLM, or it failed: the ranked precedents.
 * Declined on thin evidence: no LLM answer either, the closest precedents under the statement why.
 */
export async function answerStage(
  ctx: RunContext,
  context: ScoredChunk[],
  options: { logprobs?: boolean } = {},
): Promise<Answered> {
  if (context.length === 0 && ctx.deps.stream) {
    ctx.notice("no_results", "관련 판례를 찾지 못해 답변을 작성하지 않았습니다.");
  }
  const gate = await gateAnswer(ctx, context);
  if (gate?.decline && gate.answer) return retrievalOnly(ctx, gate.answer);
  // Out of time before the answer began: the precedents found (the deadline's notice says why).
  if (ctx.deps.stream && context.length > 0 && !ctx.cut()) {
    const written = { text: "" };
    try {
      const { text, logprobs } = await writeAnswer(ctx, context, options.logprobs ?? false, written, gate?.overruled);
      return { answer: text, retrievalOnly: false, logprobs };
    } catch (error) {
      const appError = toAppError(error);
      const kept = written.text.trim() ? written.text : "";
      // Out of time midway: the text the lawyer already reads stays; with none yet, the precedents.
      if (ctx.cut() && appError.code !== "ai:replay_missing") {
        if (kept) return { answer: kept, retrievalOnly: false, cutOff: "답변 제한 시간이 지났습니다" };
      } else {
        if (isFatal(appError)) throw appError;
        return failedAnswer(ctx, kept, appError.userMessage, context);
      }
    }
  }
  return retrievalOnly(ctx, await retrievalOnlyAnswer(context, ctx.deps.store));
}

/**
 * The model failed while (or before) writing (issue 24). The text already written is the lawyer's
 * answer so far: it stays, marked as cut off, the reason said above it. With no text at all, the
 * body stays empty rather than becoming a list of 판시사항/판결요지: the precedents found are in the
 * evidence panel already, and a list in the body read (and exported) as if it were the answer.
 * Either way "다시 시도" writes the answer again from the same passages (lib/chat/rerun.ts).
 */
function failedAnswer(ctx: RunContext, kept: string, reason: string, context: ScoredChunk[]): Answered {
  // Decisions, as the evidence panel lists them; the passages are counted as passages.
  const decisions = new Set(context.map((c) => decisionKey(c.chunk))).size;
  const where =
    context.length > 0 ? ` 찾은 판례 ${decisions}건(관련 부분 ${context.length}개)은 근거 패널에 있습니다.` : "";
  const retry = " 다시 시도를 누르면 같은 판례로 답변만 다시 작성합니다.";
  if (kept) {
    ctx.notice("answer_cut", `답변이 중간에 끊겼습니다: ${reason} 아래는 그때까지 작성된 부분입니다.${where}${retry}`);
    return { answer: kept, retrievalOnly: false, cutOff: reason };
  }
  ctx.notice("answer_failed", `답변 작성에 실패해 답변을 쓰지 못했습니다: ${reason}${where}${retry}`);
  return { answer: "", retrievalOnly: true, cutOff: reason };
}

/** An answer that lists precedents rather than a model's conclusion, sent as one delta. */
function retrievalOnly(ctx: RunContext, answer: string): Answered {
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
    cutOff: answered.cutOff,
  };
}
