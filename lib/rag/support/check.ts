import type { VerifyItem } from "../../ai/prompts/verify-citations";
import { caseNumbersMatch } from "../../text/case-number";
import type { Chunk, ScoredChunk } from "../../text/decision";
import type { AnswerPart } from "../citations";
import { citedSentences } from "./claims";
import { candidateSentences, type LexicalEvidence, lexicalEvidence, lexicalVerdict } from "./lexical";
import type { CitationSupport, SupportMethod, SupportReport, SupportVerdict } from "./types";
import { type GenerateFn, type LlmVerdict, verifyWithLlm } from "./verify-llm";

/**
 * The support check of one answer (issue 15, item 1): every citation of every cited sentence is
 * judged against the passages of the cited decision that the answer was written from — lexical
 * evidence always, cosine when embeddings are given, and the model's reading (one batched call)
 * when a model is given. It never throws for a failed component: that component is left out and
 * the report says why.
 */

export interface SupportDeps {
  /** Vectors for texts, in order (the chat's interactive embeddings budget). */
  embed?: (texts: string[]) => Promise<number[][]>;
  /** One complete model reply (the chat's interactive LLM budget). */
  generate?: GenerateFn;
  signal?: AbortSignal;
  /** Why a component was left out before the check (cooling down, out of time). */
  notes?: string[];
  /**
   * Passages of decisions cited outside the evidence but found in a corpus (status "corpus"), by
   * case number: such a citation is judged against them like one of the evidence.
   */
  outside?: ReadonlyMap<string, Chunk[]>;
}

/** Bumped when the check's verdicts can change (thresholds, claim splitting): evaluation results are re-run. */
export const SUPPORT_CHECK_VERSION = 1;

/** Pairs sent to the model at most (a long answer's later citations keep the lexical result). */
const MAX_LLM_PAIRS = 24;
/** Passages per pair in the verification prompt, and their total length. */
const PASSAGES_PER_PAIR = 3;
const PAIR_CHARS = 2_400;
/** Cosine moves a lexical verdict one step only when it is this clear. */
const COSINE_UP = 0.85;
const COSINE_DOWN = 0.3;

const ORDER: SupportVerdict[] = ["unsupported", "partly", "supported"];
const step = (v: SupportVerdict, by: 1 | -1): SupportVerdict =>
  ORDER[Math.max(0, Math.min(2, ORDER.indexOf(v) + by))] ?? v;
const pct = (x: number) => `${Math.round(x * 100)}%`;

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

interface Pair {
  key: string;
  claim: string;
  caseNo: string;
  passages: Chunk[];
  lexical?: LexicalEvidence;
  candidates: { chunkId: string; text: string }[];
  cosine?: number;
  cosineChunkId?: string;
  cosineText?: string;
  llm?: LlmVerdict;
  id: number;
}

/** The cited decision's passages in the context: same case, and the corpus of the passage cited. */
function passagesOf(context: Chunk[], caseNo: string, chunkId: string | undefined): Chunk[] {
  const own = context.find((c) => c.id === chunkId);
  return context.filter((c) => caseNumbersMatch(c.caseNo, caseNo) && (!own || c.corpusId === own.corpusId));
}

function trimPassages(passages: Chunk[], claim: string): { section: string; text: string }[] {
  const best = candidateSentences(claim, passages, PASSAGES_PER_PAIR).map((c) => c.chunkId);
  const ordered = [...passages].sort((a, b) => (best.indexOf(a.id) + 1 || 99) - (best.indexOf(b.id) + 1 || 99));
  const out: { section: string; text: string }[] = [];
  let left = PAIR_CHARS;
  for (const p of ordered.slice(0, PASSAGES_PER_PAIR)) {
    if (left <= 0) break;
    out.push({ section: p.section, text: p.text.slice(0, left) });
    left -= p.text.length;
  }
  return out;
}

export async function checkSupport(
  parts: AnswerPart[],
  context: ScoredChunk[],
  deps: SupportDeps = {},
): Promise<SupportReport> {
  const started = performance.now();
  const chunks = context.map((c) => c.chunk);
  const sentences = citedSentences(parts);
  const notes = [...(deps.notes ?? [])];
  if (sentences.length === 0) {
    return { status: "skipped", citations: [], methods: [], notes: [...notes, "답변에 인용이 없습니다"], ms: 0 };
  }
  // One pair per (claim, decision): a claim citing one case twice is judged once.
  const pairs = new Map<string, Pair>();
  for (const s of sentences) {
    for (const c of s.citations) {
      const outside = c.valid ? undefined : deps.outside?.get(c.caseNo);
      if (!c.valid && !outside?.length) continue;
      const passages = outside ?? passagesOf(chunks, c.caseNo, c.chunkId);
      const key = `${s.claim}\u0000${passages[0]?.caseNo ?? c.caseNo}`;
      if (pairs.has(key)) continue;
      pairs.set(key, {
        key,
        claim: s.claim,
        caseNo: c.caseNo,
        passages,
        lexical: lexicalEvidence(s.claim, passages),
        candidates: candidateSentences(s.claim, passages),
        id: pairs.size + 1,
      });
    }
  }
  const methods = new Set<SupportMethod>();

  if (deps.embed && pairs.size > 0 && !deps.signal?.aborted) {
    const list = [...pairs.values()].filter((p) => p.candidates.length > 0);
    const texts = list.flatMap((p) => [p.claim, ...p.candidates.map((c) => c.text)]);
    try {
      const vectors = texts.length ? await deps.embed(texts) : [];
      let at = 0;
      for (const p of list) {
        const claim = vectors[at++] ?? [];
        for (const c of p.candidates) {
          const score = cosine(claim, vectors[at++] ?? []);
          if (p.cosine === undefined || score > p.cosine) {
            p.cosine = score;
            p.cosineChunkId = c.chunkId;
            p.cosineText = c.text;
          }
        }
      }
      if (list.length) methods.add("cosine");
    } catch (error) {
      notes.push(`임베딩 비교를 건너뛰었습니다: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  if (deps.generate && pairs.size > 0 && !deps.signal?.aborted) {
    const sent = [...pairs.values()].slice(0, MAX_LLM_PAIRS);
    const items: VerifyItem[] = sent.map((p) => ({
      id: p.id,
      claim: p.claim,
      caseNo: p.caseNo,
      passages: trimPassages(p.passages, p.claim),
    }));
    const result = await verifyWithLlm(items, deps.generate, deps.signal);
    for (const p of sent) p.llm = result.verdicts.get(p.id);
    if (result.verdicts.size > 0) methods.add("llm");
    notes.push(...result.problems);
    if (result.verdicts.size === 0 && !result.failed) notes.push("어휘 비교 결과만 사용했습니다");
    if (pairs.size > sent.length) notes.push(`인용 ${pairs.size - sent.length}건은 어휘 비교로만 판정했습니다`);
  }

  const citations: CitationSupport[] = [];
  sentences.forEach((s, index) => {
    for (const c of s.citations) {
      const base = { offset: c.offset, caseNo: c.caseNo, valid: c.valid, claim: s.claim, sentence: index };
      const outside = c.valid ? undefined : deps.outside?.get(c.caseNo);
      if (outside?.length) {
        const pair = pairs.get(`${s.claim}\u0000${outside[0]?.caseNo ?? c.caseNo}`);
        const judged = judge(pair);
        citations.push({ ...base, ...judged, outside: true, reason: `${OUTSIDE_REASON} ${judged.reason}` });
        continue;
      }
      if (!c.valid) {
        citations.push({
          ...base,
          verdict: "unsupported",
          method: "lexical",
          lexical: 0,
          reason: "검색된 판례에 없는 사건번호라 근거를 확인할 수 없습니다.",
        });
        continue;
      }
      const passages = passagesOf(chunks, c.caseNo, c.chunkId);
      const pair = pairs.get(`${s.claim}\u0000${passages[0]?.caseNo ?? c.caseNo}`);
      citations.push({ ...base, ...judge(pair) });
    }
  });
  const judged = sentences.map((_, i) => citations.filter((c) => c.sentence === i));
  const supported = judged.filter((list) => list.some((c) => c.verdict === "supported")).length;
  return {
    status: "done",
    citations,
    methods: [...methods],
    notes,
    rate: sentences.length ? supported / sentences.length : undefined,
    ms: Math.round(performance.now() - started),
  };
}

type Judged = Omit<CitationSupport, "offset" | "caseNo" | "valid" | "claim" | "sentence">;

export const OUTSIDE_REASON = "검색 근거 밖 판례라 말뭉치에 있는 그 판례의 본문과 비교했습니다.";

/** One pair's verdict, from the evidence it has: the model's reading first, else words and cosine. */
function judge(pair: Pair | undefined): Judged {
  const lexical = pair?.lexical?.coverage ?? 0;
  if (!pair || pair.passages.length === 0) {
    return { verdict: "unsupported", method: "lexical", lexical, reason: "인용한 판례의 검색된 부분이 없습니다." };
  }
  const scores = { lexical, ...(pair.cosine !== undefined ? { cosine: pair.cosine } : {}) };
  if (pair.llm) {
    const { verdict, reason, quoteMissing } = pair.llm;
    // Its own quote when it was found in the passage; else the lexical choice — never for "unsupported".
    const quote = verdict === "unsupported" ? undefined : (pair.llm.quote ?? pair.lexical?.quote);
    const chunkId = quote
      ? (pair.passages.find((p) => p.text.includes(quote))?.id ?? pair.lexical?.chunkId)
      : undefined;
    const why = [
      `검증 모델 판정: ${reason ?? "(이유 없음)"}`,
      quoteMissing ? "모델이 옮긴 문장은 판례에서 찾지 못해, 어휘가 가장 많이 겹치는 문장을 표시합니다." : "",
    ]
      .filter(Boolean)
      .join(" ");
    return { verdict, method: "llm", llm: verdict, reason: why, ...scores, ...(quote ? { quote, chunkId } : {}) };
  }
  let verdict = lexicalVerdict(lexical);
  let method: SupportMethod = "lexical";
  const cos = pair.cosine;
  if (cos !== undefined && cos >= COSINE_UP && verdict !== "supported") {
    verdict = step(verdict, 1);
    method = "cosine";
  } else if (cos !== undefined && cos < COSINE_DOWN && verdict !== "unsupported") {
    verdict = step(verdict, -1);
    method = "cosine";
  }
  const quote = verdict === "unsupported" ? undefined : (pair.lexical?.quote ?? pair.cosineText);
  const chunkId = pair.lexical?.chunkId ?? pair.cosineChunkId;
  const cosText = cos !== undefined ? `, 의미 유사도 ${cos.toFixed(2)}` : "";
  const reason =
    verdict === "supported"
      ? `판례의 문장이 답변 문장의 표현 ${pct(lexical)}를 담고 있습니다${cosText}.`
      : verdict === "partly"
        ? `판례에 관련 문장이 있으나 답변 문장의 일부만 담고 있습니다 (겹치는 표현 ${pct(lexical)}${cosText}).`
        : `인용한 판례의 검색된 부분에서 이 문장을 뒷받침하는 문장을 찾지 못했습니다 (겹치는 표현 ${pct(lexical)}${cosText}).`;
  return {
    verdict,
    method,
    reason,
    ...scores,
    ...(quote ? { quote, chunkId } : {}),
  };
}
