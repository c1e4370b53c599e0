import type { ScoredChunk } from "../../text/decision";
import { citationSummary, splitCitations } from "../citations";
import { reciprocalRankFusion } from "../fusion";
import { hybridRetrieve } from "../hybrid-retrieve";
import { answerStage, finishRun } from "../stages/answer";
import type { RunContext } from "../stages/context";
import { rerankCandidates } from "../stages/rank";
import { checkSupport } from "../support/check";
import type { PipelineResult } from "../types";
import { confidenceOf, type Grounding } from "./confidence";
import { cutToBudget, dynamicK, questionDifficulty } from "./depth";
import { LOW_CONFIDENCE_LABEL } from "./steps";

const fmt = (x: number) => x.toFixed(2);

/**
 * One attempt's retrieval, as the method says ("retrieve again with a larger k"): every query the
 * formulation searched is searched again with k per list (same text, same vector: no new model
 * call), the lists fused by RRF and reranked against the question, keeping k. A deeper slice of
 * one earlier ranking would not be the same thing: fusion and reranking depend on what was retrieved.
 */
async function retrieveAtDepth(ctx: RunContext, k: number, attempt: number): Promise<ScoredChunk[]> {
  const settings = { ...ctx.settings, topN: k };
  const queries = Object.values(ctx.searched).filter((q) => q !== undefined);
  const lists = await ctx.timed(`retrieve:cc-rag-${attempt}`, () =>
    Promise.all(
      queries.map((q) => hybridRetrieve(q.text, q.vector, ctx.deps.store, settings, ctx.deps.filter, q.denseOnly)),
    ),
  );
  const fused = reciprocalRankFusion(
    lists.map((l) => ({ list: l.fused })),
    ctx.settings.rrfK,
    Number.POSITIVE_INFINITY,
  );
  return rerankCandidates(ctx, fused, k, false);
}

/** What the citation check (numbers not among the passages) and the lexical support check say. */
async function groundingOf(answer: string, context: ScoredChunk[]): Promise<Grounding> {
  const parts = splitCitations(answer, context);
  const report = await checkSupport(parts, context);
  const judged = report.citations.filter((c) => c.valid);
  return {
    invented: citationSummary(parts).unknown,
    judged: judged.length,
    unsupported: judged.filter((c) => c.verdict === "unsupported").length,
  };
}

/**
 * Confidence-controlled answering (docs/method.md §5) over any formulation's queries: each attempt
 * retrieves with its k (dynamic first: 2…10 from the question's difficulty), cuts to the token budget
 * and answers with token log-probs; below τ, k grows by Δk, retrieval runs again and the answer is
 * written again, up to the retry cap. Every attempt stays in the panel (its passages, answer and
 * score). A final answer still below τ is labelled low-confidence. Runs its loop even in
 * retrieval-only evaluation: the passages CC-RAG ends with depend on its answers.
 */
export async function ccRagAnswerLoop(ctx: RunContext, _fused: ScoredChunk[]): Promise<PipelineResult> {
  const cc = ctx.settings.strategies.ccRag;
  const selfAssessment = ctx.options.selfAssessment !== false;
  const depth = ctx.options.dynamicK === false ? undefined : questionDifficulty(ctx.question, ctx.bm25.original ?? []);
  let k = depth ? dynamicK(depth.difficulty, cc.kMin, cc.kMax) : cc.kMax;
  let ranked = await retrieveAtDepth(ctx, k, 0);
  let cut = cutToBudget(ranked, cc.tokenBudget);

  for (let attempt = 0; ; attempt++) {
    ctx.step({
      key: `depth-${attempt}`,
      kind: "depth",
      attempt,
      k,
      used: cut.chunks.length,
      retrieved: ranked.length,
      caseNos: cut.chunks.map((c) => c.chunk.caseNo),
      tokens: cut.tokens,
      budget: cc.tokenBudget,
      dynamic: Boolean(depth),
      difficulty: depth?.difficulty,
      factors: depth?.factors,
    });
    ctx.send({ type: "reranked", chunks: cut.chunks, reranked: ctx.trace.reranked });
    if (ctx.options.answer === false && !selfAssessment) return finishRun(ctx, cut.chunks);
    const answered = await answerStage(ctx, cut.chunks, { logprobs: selfAssessment });
    const verdict = (lowConfidence: boolean, score?: number, reason?: string, renormalised?: boolean) => {
      ctx.step({ key: "verdict", kind: "verdict", lowConfidence, retries: attempt, score, renormalised, reason });
      if (ctx.trace.strategy) ctx.trace.strategy.lowConfidence = lowConfidence;
      if (lowConfidence) {
        const kind = renormalised ? "로그확률 없이 재정규화한 신뢰도" : "신뢰도";
        ctx.notice(
          "low_confidence",
          `${LOW_CONFIDENCE_LABEL} (${kind} ${fmt(score ?? 0)} < τ ${fmt(cc.tau)}: ${reason})`,
        );
      }
      return finishRun(ctx, cut.chunks, ctx.options.answer === false ? undefined : answered);
    };
    if (answered.retrievalOnly) {
      // Declined on thin evidence (lib/rag/decline.ts): more passages further down score lower still.
      const why = ctx.trace.decline
        ? "근거가 부족해 결론을 쓰지 않았으므로 신뢰도를 매기지 않았습니다"
        : "언어 모델의 답변이 없어 신뢰도를 매기지 않았습니다";
      return verdict(false, undefined, why);
    }
    if (!selfAssessment) return verdict(false, undefined, "자체 신뢰도 평가 끔(절제 실험)");

    const grounding = await groundingOf(answered.answer, cut.chunks);
    const confidence = confidenceOf(answered.answer, answered.logprobs, cut.chunks, cc, grounding);
    const renormalised = confidence.dropped.length > 0;
    const passed = confidence.score >= cc.tau;
    ctx.step({
      key: `confidence-${attempt}`,
      kind: "confidence",
      attempt,
      tau: cc.tau,
      passed,
      answer: answered.answer,
      ...confidence,
    });
    if (passed) return verdict(false, confidence.score, undefined, renormalised);
    if (attempt >= cc.maxRetries) {
      return verdict(true, confidence.score, `재시도 한도 ${cc.maxRetries}회에 도달했습니다`, renormalised);
    }
    const nextK = k + cc.deltaK;
    const nextRanked = await retrieveAtDepth(ctx, nextK, attempt + 1);
    const next = cutToBudget(nextRanked, cc.tokenBudget);
    const same = (a: ScoredChunk[], b: ScoredChunk[]) =>
      a.length === b.length && a.every((c, i) => c.chunk.id === b[i]?.chunk.id);
    if (next.chunks.length <= cut.chunks.length && same(next.chunks, cut.chunks.slice(0, next.chunks.length))) {
      const why =
        nextRanked.length <= ranked.length
          ? "더 가져올 후보 판례가 없습니다"
          : `토큰 예산 ${cc.tokenBudget.toLocaleString("ko-KR")}에 판례를 더 넣을 수 없습니다`;
      return verdict(true, confidence.score, why, renormalised);
    }
    ctx.send({
      type: "answer-reset",
      reason: `신뢰도 ${fmt(confidence.score)} < τ ${fmt(cc.tau)}: 판례를 ${k}개에서 ${nextK}개로 늘려 다시 검색하고 답변을 다시 씁니다.`,
    });
    k = nextK;
    ranked = nextRanked;
    cut = next;
  }
}
