import type { ScoredChunk } from "../../text/decision";
import { answerStage, finishRun } from "../stages/answer";
import type { RunContext } from "../stages/context";
import { rerankCandidates } from "../stages/rank";
import type { PipelineResult } from "../types";
import { confidenceOf } from "./confidence";
import { cutToBudget, dynamicK, questionDifficulty } from "./depth";
import { LOW_CONFIDENCE_LABEL } from "./steps";

const fmt = (x: number) => x.toFixed(2);

/**
 * Confidence-controlled answering (docs/method.md §5) over any formulation's candidates: all of them are
 * reranked once; the first k (dynamic: 2…10 from the question's difficulty) are cut to the token
 * budget and answered with token log-probs; below τ, k grows by Δk (deeper in the same ranking —
 * what a new search with a larger k returns) and the answer is written again, up to the retry cap.
 * A final answer still below τ is labelled low-confidence. Runs its loop even in retrieval-only
 * evaluation: the passages CC-RAG ends with depend on its answers.
 */
export async function ccRagAnswerLoop(ctx: RunContext, fused: ScoredChunk[]): Promise<PipelineResult> {
  const cc = ctx.settings.strategies.ccRag;
  const selfAssessment = ctx.options.selfAssessment !== false;
  const ranked = await rerankCandidates(ctx, fused, Math.max(fused.length, cc.kMax), false);
  const depth = ctx.options.dynamicK === false ? undefined : questionDifficulty(ctx.question, ctx.bm25.original ?? []);
  let k = depth ? dynamicK(depth.difficulty, cc.kMin, cc.kMax) : cc.kMax;
  let cut = cutToBudget(ranked.slice(0, k), cc.tokenBudget);

  for (let attempt = 0; ; attempt++) {
    ctx.step({
      key: `depth-${attempt}`,
      kind: "depth",
      attempt,
      k,
      used: cut.chunks.length,
      tokens: cut.tokens,
      budget: cc.tokenBudget,
      dynamic: Boolean(depth),
      difficulty: depth?.difficulty,
      factors: depth?.factors,
    });
    ctx.send({ type: "reranked", chunks: cut.chunks, reranked: ctx.trace.reranked });
    if (ctx.options.answer === false && !selfAssessment) return finishRun(ctx, cut.chunks);
    const answered = await answerStage(ctx, cut.chunks, { logprobs: selfAssessment });
    const verdict = (lowConfidence: boolean, score?: number, reason?: string) => {
      ctx.step({ key: "verdict", kind: "verdict", lowConfidence, retries: attempt, score, reason });
      if (ctx.trace.strategy) ctx.trace.strategy.lowConfidence = lowConfidence;
      if (lowConfidence) {
        ctx.notice(
          "low_confidence",
          `${LOW_CONFIDENCE_LABEL} (신뢰도 ${fmt(score ?? 0)} < τ ${fmt(cc.tau)}: ${reason})`,
        );
      }
      return finishRun(ctx, cut.chunks, ctx.options.answer === false ? undefined : answered);
    };
    if (answered.retrievalOnly) {
      // Declined on thin evidence (lib/rag/decline.ts): more passages further down the same ranking score lower still.
      const why = ctx.trace.decline
        ? "근거가 부족해 결론을 쓰지 않았으므로 신뢰도를 매기지 않았습니다"
        : "언어 모델의 답변이 없어 신뢰도를 매기지 않았습니다";
      return verdict(false, undefined, why);
    }
    if (!selfAssessment) return verdict(false, undefined, "자체 신뢰도 평가 끔(절제 실험)");

    const confidence = confidenceOf(answered.answer, answered.logprobs, cut.chunks, cc);
    const passed = confidence.score >= cc.tau;
    ctx.step({ key: `confidence-${attempt}`, kind: "confidence", attempt, tau: cc.tau, passed, ...confidence });
    if (passed) return verdict(false, confidence.score);
    if (attempt >= cc.maxRetries) {
      return verdict(true, confidence.score, `재시도 한도 ${cc.maxRetries}회에 도달했습니다`);
    }
    const nextK = k + cc.deltaK;
    const next = cutToBudget(ranked.slice(0, nextK), cc.tokenBudget);
    if (next.chunks.length <= cut.chunks.length) {
      const why =
        ranked.length <= k
          ? "더 가져올 후보 판례가 없습니다"
          : `토큰 예산 ${cc.tokenBudget.toLocaleString("ko-KR")}에 판례를 더 넣을 수 없습니다`;
      return verdict(true, confidence.score, why);
    }
    ctx.send({
      type: "answer-reset",
      reason: `신뢰도 ${fmt(confidence.score)} < τ ${fmt(cc.tau)}: 판례를 ${k}개에서 ${nextK}개로 늘려 답변을 다시 씁니다.`,
    });
    k = nextK;
    cut = next;
  }
}
