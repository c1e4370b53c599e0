import { AppError } from "../errors";
import { TOKENIZER_VERSION } from "../text/tokenize-ko";

/**
 * BM25 matches query tokens against the tokens stored at indexing time: a corpus indexed by another
 * tokenizer version would be searched with tokens it does not contain, and answer badly without
 * saying so. So such a corpus is refused, with what to do about it, before any search.
 */
export function staleCorpora<T extends { documentCount: number; tokenizerVersion: number | null }>(corpora: T[]): T[] {
  return corpora.filter((c) => c.documentCount > 0 && c.tokenizerVersion !== TOKENIZER_VERSION);
}

export function assertSearchable(
  corpora: { name: string; documentCount: number; tokenizerVersion: number | null }[],
): void {
  const stale = staleCorpora(corpora);
  if (stale.length === 0) return;
  const names = stale.map((c) => `'${c.name}'`).join(", ");
  const versions = stale.map((c) => (c.tokenizerVersion === null ? "기록 없음 또는 섞임" : `v${c.tokenizerVersion}`));
  throw new AppError("search:stale_index", {
    userMessage: `말뭉치 ${names}은(는) 현재 토크나이저(v${TOKENIZER_VERSION})와 다른 버전(${[...new Set(versions)].join(", ")})으로 색인되어 검색할 수 없습니다. 관리 → 말뭉치 → 다시 색인을 실행해 주세요.`,
    detail: `stale index: ${stale.map((c) => `${c.name}=${c.tokenizerVersion}`).join(", ")}; current ${TOKENIZER_VERSION}`,
  });
}
