import type { StoreFilter, VectorStore } from "../store/types";

export interface EmptySearch {
  code: "no_corpus" | "no_match";
  notice: string;
  answer: string;
}

/**
 * Whether there is anything to search at all. A fresh install has no decisions: telling the
 * lawyer to rephrase would be untrue, and the models would be called for nothing. Filters that
 * match no decision are said apart from an empty install.
 */
export async function emptySearchAnswer(store: VectorStore, filter?: StoreFilter): Promise<EmptySearch | undefined> {
  if ((await store.count()) === 0) {
    return {
      code: "no_corpus",
      notice: "아직 가져온 판례가 없어 검색할 수 없습니다.",
      answer:
        "아직 검색할 판례가 없습니다. 관리자가 판례 말뭉치를 가져오면(관리 → 말뭉치) 판례에 근거해 답할 수 있습니다.",
    };
  }
  if (filter && (await store.count(filter)) === 0) {
    return {
      code: "no_match",
      notice: "선택한 필터에 맞는 판례가 없습니다.",
      answer: "선택한 검색 범위와 필터에 맞는 판례가 없습니다. 필터를 넓혀 다시 질문해 주세요.",
    };
  }
  return undefined;
}
