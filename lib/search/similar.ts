import { embedTexts } from "../ai/embed";
import { precedentSignals } from "../citations/graph";
import { type DocFilter, type SearchDoc, searchDocsByKeys } from "../db/search-docs";
import { AppError, logError } from "../errors";
import { yieldIfBusy } from "../jobs/time-slice";
import type { VectorStore } from "../store/types";
import { blankCitations, readCaseCitations } from "../text/case-citation";
import type { ScoredChunk } from "../text/decision";
import { decisionKey } from "../text/decision-key";
import { normalizeForTokens, stripParticle, tokenizeKo } from "../text/tokenize-ko";
import { assertSearchScope } from "./searchable";
import { citedDecisionList } from "./similar-cited";

/**
 * 비슷한 판례: the decisions most alike a passage (a brief's facts, a decision's reasons). The
 * passage is one BM25 query over the store; when embeddings are configured its vector is searched
 * too and the two chunk lists are fused by Reciprocal Rank Fusion (k = 60, as the chat's fusion).
 * A decision ranks by its best chunk. The reason shown is the passage's key words found in that
 * decision: words weighted as BM25 weighs terms (frequency in the passage, saturated, times an
 * inverse document frequency over the decisions retrieved), the heaviest first.
 */

export const SIMILAR_MAX_CHARS = 5_000;
const CANDIDATES = 300;
const RRF_K = 60;
const LIMIT = 20;
/** A passage's most distinctive tokens searched (SparseTerms.maxTerms): they decide, and it is fast. */
const PASSAGE_TERMS = 64;
const KEY_TERMS = 6;

export interface SimilarHit extends SearchDoc {
  score: number;
  /** Key words of the passage this decision shares, heaviest first. */
  sharedTerms: string[];
  /** The chunk most alike (the viewer opens at it). */
  chunkId: string;
  citedBy: number;
  overruled: boolean;
}

export interface SimilarDeps {
  store: VectorStore;
  /** Whether dense search joins (embeddings configured). */
  dense: boolean;
  /** The decision the passage comes from, left out of its own list. */
  exclude?: { corpusId: string; caseNo: string };
  filter?: DocFilter;
  embed?: (text: string) => Promise<number[]>;
  /** Decisions listed at most (LIMIT). */
  limit?: number;
}

const WORD = /[\p{Script=Hangul}]{2,}|[\p{Script=Han}]{2,}|제\d+조(?:의\d+)?/gu;
// Words a decision writes about anything: they say nothing of what two decisions share.
const COMMON = new Set(
  "원심 원고 피고 판결 대법원 법원 사건 이유 상고 판단 경우 관하여 대하여 있다 없다 것이다 것으로 그러나 따라서 이상 같이 위와 있는 없는 하는 주문 피고인 청구 인정 사실 증거 관계 규정 법리".split(
    " ",
  ),
);

// Legal Korean's boilerplate (the words of any decision's or brief's reasoning, not of its matter):
// left out of the query, so they carry no weight in ranking, and never shown as a shared word.
const BOILERPLATE = (
  "판시하였다 판시한 판시하고 판시 구한다 구하는 구하고 것이다 것이고 것이므로 것인바 것이나 할 아니한다 아니하고 아니하므로 " +
  "하였다 하였고 하였으며 하였으나 하여야 한다 있다 없다 있으므로 없으므로 보아야 볼 수 원심 원심판결 상고이유 상고 이유 주장 " +
  "판단 판결 결정 대법원 법원 원고 피고 피고인 경우 그러므로 따라서 그러나 관하여 대하여 위와 같이 이 사건 파기 환송 기각 일방적 " +
  "살펴보면 보건대 인정된다 인정할 보인다 옳고 정당하다 위법이 위법 잘못 이유 없다"
)
  .split(" ")
  .filter((w) => w.length >= 2);
const BOILERPLATE_WORDS = new RegExp(
  `(?<![가-힣])(?:${[...new Set(BOILERPLATE)].sort((a, b) => b.length - a.length).join("|")})(?![가-힣])`,
  "gu",
);

/** The passage with legal boilerplate blanked (offsets kept): what 비슷한 판례 searches for. */
export function withoutBoilerplate(text: string): string {
  return text.replace(BOILERPLATE_WORDS, (w) => " ".repeat(w.length));
}

/** The passage's words (particles stripped) with how often each occurs. */
export function passageWords(passage: string): Map<string, number> {
  const counts = new Map<string, number>();
  const normalized = normalizeForTokens(passage);
  // Case numbers as the one reader reads them; the words around them as words.
  for (const caseNo of readCaseCitations(normalized).flatMap((c) => c.caseNos))
    counts.set(caseNo, (counts.get(caseNo) ?? 0) + 1);
  for (const m of blankCitations(normalized).matchAll(WORD)) {
    const w = /^\p{Script=Hangul}+$/u.test(m[0]) ? stripParticle(m[0]) : m[0];
    if (w.length < 2 || COMMON.has(w) || BOILERPLATE.includes(w)) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

const keyOf = (c: { corpusId: string; caseNo: string }) => `${c.corpusId}\u0001${c.caseNo}`;

function fuse(lists: ScoredChunk[][]): ScoredChunk[] {
  const scores = new Map<string, ScoredChunk>();
  for (const list of lists) {
    list.forEach(({ chunk }, index) => {
      const prev = scores.get(chunk.id);
      scores.set(chunk.id, { chunk, score: (prev?.score ?? 0) + 1 / (RRF_K + index + 1) });
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score);
}

export async function similarDecisions(passage: string, deps: SimilarDeps): Promise<SimilarHit[]> {
  const text = passage.trim();
  if (text.length > SIMILAR_MAX_CHARS) throw new AppError("search:passage_too_long", { detail: `${text.length}` });
  if (!text) return [];
  await assertSearchScope(deps.filter?.corpusIds);
  const tokens = tokenizeKo(withoutBoilerplate(text));
  const lists: ScoredChunk[][] = [];
  if (tokens.length > 0) {
    const terms = { maxTerms: PASSAGE_TERMS };
    lists.push(await deps.store.sparseSearch(tokens, { topN: CANDIDATES, filter: deps.filter, terms }));
  }
  if (deps.dense) {
    try {
      const vector = deps.embed ? await deps.embed(text) : (await embedTexts([text]))[0];
      if (vector?.length) lists.push(await deps.store.denseSearch(vector, { topN: CANDIDATES, filter: deps.filter }));
    } catch (error) {
      // The embeddings server down: the BM25 list alone still answers.
      logError(error);
    }
  }
  // The decisions the passage itself cites: fused like a second search, so they lead.
  const cited = await citedDecisionList(text, deps.store, deps.filter);
  if (cited.length > 0) lists.push(cited);
  const fused = lists.length > 1 ? fuse(lists) : (lists[0] ?? []);
  const excluded = deps.exclude ? keyOf(deps.exclude) : "";
  const best = new Map<string, { score: number; chunkId: string; texts: string[] }>();
  for (const { chunk, score } of fused) {
    const key = keyOf(chunk);
    if (key === excluded) continue;
    const known = best.get(key);
    if (known) known.texts.push(chunk.text);
    else best.set(key, { score, chunkId: chunk.id, texts: [chunk.text] });
  }
  const ranked = [...best.entries()].slice(0, deps.limit ?? LIMIT);

  // BM25's weight of each passage word: idf over the decisions retrieved, tf saturated (k1 = 1.2).
  const words = passageWords(text);
  const folded = new Map(ranked.map(([key, v]) => [key, normalizeForTokens(v.texts.join(" "))]));
  const df = new Map<string, number>();
  for (const w of words.keys()) {
    for (const t of folded.values()) if (t.includes(w)) df.set(w, (df.get(w) ?? 0) + 1);
    await yieldIfBusy();
  }
  const n = Math.max(1, ranked.length);
  const weight = (w: string) => {
    const tf = words.get(w) ?? 0;
    const idf = Math.log(1 + (n - (df.get(w) ?? 0) + 0.5) / ((df.get(w) ?? 0) + 0.5));
    return ((tf * 2.2) / (tf + 1.2)) * idf * Math.min(w.length, 4);
  };

  const docs = await searchDocsByKeys(
    ranked.map(([key]) => {
      const [corpusId = "", caseNo = ""] = key.split("\u0001");
      return { corpusId, caseNo };
    }),
  );
  const byKey = new Map(docs.map((d) => [keyOf(d), d]));
  const signals = await precedentSignals(docs);
  return ranked.flatMap(([key, v]) => {
    const doc = byKey.get(key);
    if (!doc) return [];
    const t = folded.get(key) ?? "";
    const shared = [...words.keys()]
      .filter((w) => t.includes(w))
      .sort((a, b) => weight(b) - weight(a))
      .slice(0, KEY_TERMS);
    const signal = signals[decisionKey(doc)];
    return [
      {
        ...doc,
        score: v.score,
        sharedTerms: shared,
        chunkId: v.chunkId,
        citedBy: signal?.citedBy ?? 0,
        overruled: (signal?.overruledBy.length ?? 0) > 0,
      },
    ];
  });
}
