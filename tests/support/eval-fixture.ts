import { parseBenchmark } from "@/lib/eval/benchmark";
import { TOKENIZER_VERSION } from "@/lib/text/tokenize-ko";

/**
 * The small evaluation the cache tests run over our fixture decisions (tests/support/seed-fixtures.ts,
 * corpus "c"): one made-up question whose gold decision is a fixture, and the corpus's description
 * as the evaluation's fingerprint reads it.
 */
export const FIXTURE_ITEMS = parseBenchmark(
  JSON.stringify({
    id: "r1",
    question: "배송 드론이 떨어뜨린 물건 때문에 손해를 입었어요",
    gold_case_numbers: ["2098다1001"],
  }),
).items;

export const FIXTURE_CORPUS = {
  corpusId: "c",
  documents: 4,
  chunks: 40,
  tokenizerVersion: TOKENIZER_VERSION,
  contentHash: "abc",
};
