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
 * One attempt's retrieval: the method's retrieval stage keeping k. METHOD §5's k is §1's k, the
 * passages the answer is written from (§1 keeps k = 20 of M = 30 reranked candidates), so each
 * attempt reranks the usual candidate pool — N per query list, fused by RRF keeping M — and keeps
 * its k; retrieving k per list instead would leave the reranker a handful of candidates to order.
 * The first attempt reranks the formulation's own fused candidates (the same search). A retry runs
 * the stage again — every formulated query searched again (same text, same vector: no new model
 * call), fused, reranked — with the pool widened to k when k outgrows N or M, so it can always add
 * passages. With the defaults (k ≤ 16 < 30) the pool is the same and the retry's passages are the
 * first attempt's plus the next Δk of the same ranking: that is what "retrieve again with a larger
 * k" gives under the method's N and M (docs/method.md §5).
 */
async function retrieveAtDepth(
  ctx: RunContext,
  k: number,
  attempt: number,
  formulated?: ScoredChunk[],
): Promise<{ candidates: number; ranked: ScoredChunk[] }> {
  const n = Math.max(ctx.settings.topN, k);
  const m = Math.max(ctx.settings.topM, k);
  let candidates = formulated;
  if (!candidates || n > ctx.settings.topN || m > ctx.settings.topM) {
    const settings = { ...ctx.settings, topN: n };
    const queries = Object.values(ctx.searched).filter((q) => q !== undefined);
    const lists = await ctx.timed(`retrieve:cc-rag-${attempt}`, () =>
      Promise.all(
        queries.map((q) => hybridRetrieve(q.text, q.vector, ctx.deps.store, settings, ctx.scope, q.denseOnly)),
      ),
    );
    candidates = reciprocalRankFusion(
      lists.map((l) => ({ list: l.fused })),
      ctx.settings.rrfK,
      m,
    );
  }
  return { candidates: candidates.length, ranked: await rerankCandidates(ctx, candidates, k, false) };
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
 * keeps its k of the reranked candidates (dynamic first: 2…10 from the question's difficulty), cuts to the token budget
 * and answers with token log-probs; below τ, k grows by Δk, retrieval runs again and the answer is
 * written again, up to the retry cap. Every attempt stays in the panel (its passages, answer and
 * score). A final answer still below τ is labelled low-confidence. Runs its loop even in
 * retrieval-only evaluation: the passages CC-RAG ends with depend on its answers.
 */
export async function ccRagAnswerLoop(ctx: RunContext, fused: ScoredChunk[]): Promise<PipelineResult> {
  const cc = ctx.settings.strategies.ccRag;
  const selfAssessment = ctx.options.selfAssessment !== false;
  const depth = ctx.options.dynamicK === false ? undefined : questionDifficulty(ctx.question, ctx.bm25.original ?? []);
  let k = depth ? dynamicK(depth.difficulty, cc.kMin, cc.kMax) : cc.kMax;
  let { candidates, ranked } = await retrieveAtDepth(ctx, k, 0, fused);
  let cut = cutToBudget(ranked, cc.tokenBudget);

  for (let attempt = 0; ; attempt++) {
    ctx.step({
      key: `depth-${attempt}`,
      kind: "depth",
      attempt,
      k,
      used: cut.chunks.length,
      retrieved: candidates,
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
          `${LOW_CONFIDENCE_LABEL} (${kind} ${fmt(score ?? 0)}, 기준 ${fmt(cc.tau)} 미만: ${reason})`,
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
    const again = await retrieveAtDepth(ctx, nextK, attempt + 1);
    const nextRanked = again.ranked;
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
      reason: `신뢰도 ${fmt(confidence.score)}, 기준 ${fmt(cc.tau)} 미만: 판례를 ${k}개에서 ${nextK}개로 늘려 다시 검색하고 답변을 다시 씁니다.`,
    });
    k = nextK;
    candidates = again.candidates;
    ranked = nextRanked;
    cut = next;
  }
}
