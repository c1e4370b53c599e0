import { parseList } from "../../ai/parse-list";
import { atomicPickPrompt, atomicProposePrompt, type Gathered } from "../../ai/prompts/atomic";
import { chunkIdOfTag } from "../../enrich/tag-id";
import { toAppError } from "../../errors";
import type { Chunk, ScoredChunk } from "../../text/decision";
import { tokenizeKo } from "../../text/tokenize-ko";
import { answerStage, finishRun } from "../stages/answer";
import { isFatal, type RunContext } from "../stages/context";
import { rerankCandidates } from "../stages/rank";
import { retrieveFused, writeWithLlm } from "../stages/retrieve";
import type { PipelineResult } from "../types";
import { parsePick } from "./parse-pick";
import type { AtomicCandidate, AtomicStep } from "./steps";

/**
 * Knowledge-aware iterative decomposition (docs/method.md §4, PIKE-RAG) over the tag index that
 * knowledge atomizing built (lib/enrich). Up to N rounds: the LLM proposes atomic sub-questions
 * from the question and the chunks gathered so far → the top-k tags of each are retrieved and kept
 * above the threshold → the LLM picks one (tag, chunk) pair, or says nothing more is needed → its
 * chunk joins the context. The rounds stop early when nothing is proposed, found or picked. The
 * answer is written from the gathered chunks, in the order they were picked (no reranking: the
 * chain is the ranking). Every round is a step in the trace — the reasoning chain a lawyer audits.
 * Without an LLM or a tag index for the scope, the question's own hybrid search answers (said so).
 */

type RoundStep = Extract<AtomicStep, { kind: "atomic-round" }>;

interface AtomicState {
  gathered: ScoredChunk[];
  fallback: boolean;
}

const states = new WeakMap<RunContext, AtomicState>();

const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text);
const toGathered = (list: ScoredChunk[]): Gathered[] =>
  list.map(({ chunk }) => ({ caseNo: chunk.caseNo, section: chunk.section, text: chunk.text }));

/** Tags for one sub-question, scored: cosine when embeddings work, else BM25 per distinct query token. */
async function searchTags(ctx: RunContext, subQuestion: string) {
  const atoms = ctx.deps.atoms;
  const { topK } = ctx.settings.strategies.atomic;
  const options = { ...ctx.scope, topN: topK };
  if (!atoms) return { scoring: "bm25" as const, hits: [] };
  if (ctx.deps.embed && !ctx.embedFailed) {
    try {
      const vector = await ctx.deps.embed(subQuestion);
      return { scoring: "cosine" as const, hits: await atoms.denseSearch(vector, options) };
    } catch (error) {
      if (isFatal(error)) throw error;
      ctx.embedFailed = true;
      ctx.notice(
        "embeddings_failed",
        `임베딩 서버 오류로 키워드(BM25) 검색만 사용합니다: ${toAppError(error).userMessage}`,
      );
    }
  }
  const tokens = tokenizeKo(subQuestion);
  const distinct = Math.max(1, new Set(tokens).size);
  const hits = await atoms.sparseSearch(tokens, options);
  return { scoring: "bm25" as const, hits: hits.map((h) => ({ ...h, score: h.score / distinct })) };
}

async function findChunk(ctx: RunContext, c: AtomicCandidate): Promise<Chunk | undefined> {
  const chunks = await ctx.deps.store.getDocumentChunks(c.corpusId, c.caseNo);
  return chunks.find((x) => x.id === c.chunkId);
}

/** One round; returns why the rounds stop here, or undefined to go on. */
async function round(ctx: RunContext, n: number, state: AtomicState, asked: string[]): Promise<string | undefined> {
  const { atomic } = ctx.settings.strategies;
  const step: RoundStep = {
    key: `round-${n}`,
    kind: "atomic-round",
    round: n,
    status: "running",
    subQuestions: [],
    scoring: ctx.deps.embed && !ctx.embedFailed ? "cosine" : "bm25",
    threshold: ctx.deps.embed && !ctx.embedFailed ? atomic.threshold : atomic.bm25Threshold,
    candidates: [],
    below: 0,
  };
  const stop = (why: string) => {
    ctx.step({ ...step, status: "stopped", stop: why });
    return why;
  };
  ctx.step(step);
  if (ctx.cut()) return stop("답변 제한 시간에 이르렀습니다");

  const prompt = atomicProposePrompt(ctx.question, toGathered(state.gathered), asked);
  const proposed = await writeWithLlm(ctx, `atomic-propose-${n}`, "analyst", prompt, 0)
    .then((text) => ({ text }))
    .catch((error) => {
      if (isFatal(error)) throw error;
      return { error: toAppError(error).userMessage };
    });
  if ("error" in proposed) return stop(`하위 질문을 얻지 못했습니다 (언어 모델 호출 실패: ${proposed.error})`);
  const trimmed = proposed.text.trim();
  // "[]" (or nothing left to ask): the model judged the gathered context enough.
  if (/^\[\s*\]$/.test(trimmed) || /^(?:없음|none|\[\]|필요\s*없음)\.?$/i.test(trimmed)) {
    return stop("더 필요한 정보가 없다고 판단했습니다");
  }
  const read = parseList(trimmed, { max: 3, maxLength: 300, exclude: asked });
  // Questions carry commas of their own: a bare comma-separated line is prose, not a list of them.
  const listed = read.ok && read.how === "comma" ? { ok: false as const, reason: "목록이 아닌 문장입니다" } : read;
  if (!listed.ok) {
    // An unreadable first reply: the question itself is searched as the one sub-question.
    if (n > 1) return stop(`하위 질문 응답을 읽지 못했습니다: ${listed.reason}`);
    step.fallback = `하위 질문 응답을 읽지 못해 원래 질문으로 태그를 찾습니다 (${listed.reason})`;
    step.subQuestions = [ctx.question];
  } else {
    step.subQuestions = listed.items;
    step.parsedAs = listed.how;
  }
  asked.push(...step.subQuestions);
  ctx.step(step);

  // Tags per sub-question, above the threshold, none of an already gathered chunk; best first.
  const have = new Set(state.gathered.map((g) => g.chunk.id));
  const best = new Map<string, AtomicCandidate>();
  await ctx.timed(`retrieve:tags-${n}`, async () => {
    for (const subQuestion of step.subQuestions) {
      const { scoring, hits } = await searchTags(ctx, subQuestion);
      step.scoring = scoring;
      step.threshold = scoring === "cosine" ? atomic.threshold : atomic.bm25Threshold;
      for (const hit of hits) {
        const chunkId = chunkIdOfTag(hit.chunk.id);
        if (have.has(chunkId)) continue;
        if (hit.score < step.threshold) {
          step.below += 1;
          continue;
        }
        const known = best.get(hit.chunk.id);
        if (known && known.score >= hit.score) continue;
        best.set(hit.chunk.id, {
          n: 0,
          subQuestion,
          tag: hit.chunk.text,
          tagId: hit.chunk.id,
          chunkId,
          corpusId: hit.chunk.corpusId,
          caseNo: hit.chunk.caseNo,
          section: hit.chunk.section,
          score: hit.score,
        });
      }
    }
  });
  step.candidates = [...best.values()].sort((a, b) => b.score - a.score).map((c, i) => ({ ...c, n: i + 1 }));
  ctx.step(step);
  if (step.candidates.length === 0) {
    return stop(
      step.below > 0
        ? `임계값(${step.threshold}) 이상인 태그가 없습니다 (미달 ${step.below}개)`
        : "하위 질문에 맞는 태그가 없습니다",
    );
  }
  if (ctx.cut()) return stop("답변 제한 시간에 이르렀습니다");

  const pickText = await writeWithLlm(
    ctx,
    `atomic-pick-${n}`,
    "judge",
    atomicPickPrompt(ctx.question, toGathered(state.gathered), step.candidates),
    0,
  ).catch((error) => {
    if (isFatal(error)) throw error;
    return `\u0000${toAppError(error).userMessage}`;
  });
  const parsed = pickText.startsWith("\u0000")
    ? ({ kind: "unreadable", reason: `언어 모델 호출 실패: ${pickText.slice(1)}` } as const)
    : parsePick(pickText, step.candidates.length);
  if (parsed.kind === "none") return stop("모델이 더 필요한 근거가 없다고 골랐습니다");
  let chosen: AtomicCandidate;
  if (parsed.kind === "pick") {
    chosen = step.candidates[parsed.n - 1] as AtomicCandidate;
    step.pick = { n: parsed.n, how: "reply" };
  } else {
    // Unreadable: the best-scored tag, said so in the round.
    chosen = step.candidates[0] as AtomicCandidate;
    step.pick = { n: 1, how: "best-score" };
    const why = `${parsed.reason} — 점수가 가장 높은 태그를 골랐습니다`;
    step.fallback = step.fallback ? `${step.fallback} · ${why}` : why;
  }
  const chunk = await findChunk(ctx, chosen);
  if (!chunk) return stop(`고른 태그의 판례 부분(${chosen.caseNo})을 색인에서 찾지 못했습니다`);
  state.gathered.push({ chunk, score: chosen.score });
  step.added = {
    chunkId: chunk.id,
    corpusId: chunk.corpusId,
    caseNo: chunk.caseNo,
    section: chunk.section,
    excerpt: excerpt(chunk.text),
  };
  step.status = "done";
  ctx.step(step);
  // A copy: the list grows each round, and the stream dedupes what it already sent by reference.
  ctx.send({ type: "retrieved", which: "original", chunks: [...state.gathered] });
  return undefined;
}

export async function atomicLists(ctx: RunContext): Promise<{ lists: ScoredChunk[][]; fuseTop: number }> {
  const state: AtomicState = { gathered: [], fallback: false };
  states.set(ctx, state);
  const fallback = async (why: string) => {
    state.fallback = true;
    ctx.notice("atomic_fallback", `${why} 원래 질문으로 검색한 판례로 답합니다.`);
    return { lists: [await retrieveFused(ctx, "original", ctx.question)], fuseTop: ctx.settings.topM };
  };
  if (!ctx.deps.stream) {
    ctx.step({
      key: "atomic-summary",
      kind: "atomic-summary",
      rounds: 0,
      chunks: 0,
      stop: "언어 모델 없음",
      fallback: "원래 질문으로 검색",
    });
    return fallback("언어 모델이 없어 질문을 나눌 수 없습니다.");
  }
  const tags = ctx.deps.atoms ? await ctx.deps.atoms.count(ctx.deps.filter) : 0;
  if (tags === 0) {
    ctx.step({
      key: "atomic-summary",
      kind: "atomic-summary",
      rounds: 0,
      chunks: 0,
      stop: "원자 질문 색인 없음",
      fallback: "원래 질문으로 검색",
    });
    return fallback("검색 범위의 말뭉치에 원자 질문 태그가 없습니다(관리 → 말뭉치 → 보강 → 원자 질문).");
  }
  const asked: string[] = [];
  const max = ctx.settings.strategies.atomic.maxRounds;
  let rounds = 0;
  let why: string | undefined;
  while (rounds < max && why === undefined) {
    rounds += 1;
    ctx.checkAbort();
    why = await round(ctx, rounds, state, asked);
  }
  const stop = why ?? `최대 ${max}회까지 근거를 모았습니다`;
  if (state.gathered.length === 0) {
    ctx.step({
      key: "atomic-summary",
      kind: "atomic-summary",
      rounds,
      chunks: 0,
      stop,
      fallback: "원래 질문으로 검색",
    });
    return fallback("원자 질문으로 모은 근거가 없어");
  }
  ctx.step({ key: "atomic-summary", kind: "atomic-summary", rounds, chunks: state.gathered.length, stop });
  return { lists: [state.gathered], fuseTop: Number.POSITIVE_INFINITY };
}

/** The answer from the gathered chunks in pick order; after a fallback, the usual rerank and answer. */
export async function atomicAnswer(ctx: RunContext, fused: ScoredChunk[]): Promise<PipelineResult> {
  const state = states.get(ctx);
  if (!state || state.fallback) {
    const context = await rerankCandidates(ctx, fused);
    if (ctx.options.answer === false) return finishRun(ctx, context);
    return finishRun(ctx, context, await answerStage(ctx, context));
  }
  const context = [...state.gathered];
  ctx.send({ type: "reranked", chunks: context, reranked: false });
  if (ctx.options.answer === false) return finishRun(ctx, context);
  return finishRun(ctx, context, await answerStage(ctx, context));
}
