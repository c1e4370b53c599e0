import type { StrategyId } from "./steps";

/**
 * What the chat shows of each strategy, decided from the strategy rather than from what arrived:
 * the query cards only for steps the strategy has (a card that can only ever say "없음" reads as a
 * failure), whether a strategy can run on the chosen corpora, and the atomic strategy's closing
 * sentence. Plain data only: the browser imports it.
 */

/** The written-query cards of the evidence panel (RAR's analytical query and rationale). */
export interface QueryCards {
  analytical: boolean;
  rationale: boolean;
}

const RAR_QUERIES: QueryCards = { analytical: true, rationale: true };
const NO_QUERIES: QueryCards = { analytical: false, rationale: false };

/** Only RAR and CC-RAG over RAR's queries write them; an answer from before strategies was RAR's. */
export function queryCardsFor(strategy: StrategyId | undefined): QueryCards {
  if (strategy === undefined || strategy === "rar" || strategy === "cc-rag-rar") return RAR_QUERIES;
  return NO_QUERIES;
}

/** A corpus as the strategy picker sees it: whether knowledge atomizing has given it questions. */
export interface StrategyCorpus {
  id: string;
  /** Atomic questions were made for it (관리 → 말뭉치 → 보강 → 원자 질문). */
  atomic: boolean;
}

/**
 * Why a strategy cannot run on the search scope (one corpus, or all of them when `scope` is
 * empty), or undefined when it can. Only the atomic strategy needs something a corpus may lack.
 */
export function strategyUnavailable(
  strategy: StrategyId,
  corpora: readonly StrategyCorpus[],
  scope?: readonly string[],
): string | undefined {
  if (strategy !== "atomic") return undefined;
  const inScope = scope?.length ? corpora.filter((c) => scope.includes(c.id)) : corpora;
  if (inScope.some((c) => c.atomic)) return undefined;
  return scope?.length === 1 || corpora.length === 1
    ? "이 말뭉치는 아직 원자 질문을 만들지 않아(관리 → 말뭉치 → 보강) 이 전략을 쓸 수 없습니다."
    : "아직 원자 질문을 만든 말뭉치가 없어(관리 → 말뭉치 → 보강) 이 전략을 쓸 수 없습니다.";
}

/** The atomic strategy's closing line: what it gathered, in words; nothing when it never searched. */
export function atomicSummaryText(rounds: number, chunks: number): string | undefined {
  if (rounds === 0) return undefined;
  if (chunks === 0) return `${rounds}번 찾아보았지만 더할 근거를 찾지 못했습니다.`;
  return `${rounds}번에 걸쳐 근거 ${chunks}개를 모았습니다.`;
}
