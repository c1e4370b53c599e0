import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStore } from "@/lib/store";
import { tokenIndex } from "@/lib/store/qdrant-sparse";
import { QdrantStore } from "@/lib/store/qdrant-store";
import type { IndexedChunk, VectorStore } from "@/lib/store/types";
import type { SectionName } from "@/lib/text/decision";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type QdrantStandIn, startQdrantStandIn } from "../fake-servers/qdrant-server";
import { item } from "./qdrant-fixtures";

/**
 * BM25 parity: the same corpus and queries rank the same through the embedded store (exact BM25,
 * lib/store/sparse-index.ts) and through the Qdrant backend — its sparse vectors scored by the
 * stand-in with Qdrant 1.19's own formula (IDF modifier over the `params.idf.corpus` population,
 * f32 weights; see tests/fake-servers/qdrant-engine.ts for the source lines).
 */

const TEXTS = [
  "불법행위로 인한 손해배상 청구권의 소멸시효는 피해자가 손해 및 가해자를 안 날부터 3년이다.",
  "채무불이행으로 인한 손해배상의 범위는 통상의 손해를 한도로 하고, 특별한 사정으로 인한 손해는 채무자가 그 사정을 알았거나 알 수 있었을 때에 한하여 배상의 책임이 있다.",
  "임대차 종료 시 임차인의 목적물 반환 의무와 임대인의 보증금 반환 의무는 동시이행 관계에 있다.",
  "사용자는 피용자가 그 사무집행에 관하여 제3자에게 가한 손해를 배상할 책임이 있다.",
  "손해배상 손해배상 손해배상 반복된 문장의 점수는 포화된다.",
  "회원권을 해지한 경우 이용료의 반환을 청구할 수 있는지 여부",
  "회원권 해지에 책임이 있는 회원은 위약금을 뺀 이용료 반환만 청구할 수 있다.",
  "사실혼 관계는 당사자 일방의 의사로 해소될 수 있고, 부당하게 파기한 자는 상대방에게 손해배상 책임을 진다.",
  "부가가치세 부과 처분의 취소를 구하는 소송에서 과세요건 사실의 증명책임은 과세관청에 있다.",
  "명의신탁 약정은 무효이고, 명의수탁자 명의의 등기도 무효이다.",
  "소멸시효의 중단 사유로서 청구는 재판상 청구와 최고를 포함한다.",
  "보증금",
];
const OTHER = ["손해배상 다른 말뭉치의 판례", "임대차 보증금 다른 말뭉치", "소멸시효 다른 말뭉치 손해"];
const QUERIES = [
  "손해배상 책임의 소멸시효",
  "임대차 보증금 반환",
  "회원권 이용료 반환 청구",
  "사실혼 파기 손해배상",
  "부가가치세 부과 처분 취소",
];
const SECTIONS: SectionName[] = ["판시사항", "판결요지", "판례내용"];

const corpus = (id: string, texts: string[]): IndexedChunk[] =>
  texts.map((text, i) => item(id, `${id}${i}다1`, SECTIONS[i % 3] as SectionName, 0, text));

const P = corpus("p", TEXTS);
const Q = corpus("q", OTHER);

let standIn: QdrantStandIn;
let embedded: VectorStore;
let qdrant: QdrantStore;

beforeAll(async () => {
  standIn = await startQdrantStandIn();
  embedded = createStore({
    kind: "embedded",
    dataDir: mkdtempSync(join(tmpdir(), "rar-parity-")),
    qdrantCollection: "",
  });
  qdrant = new QdrantStore({ url: standIn.url, collection: "parity" });
});
afterAll(async () => {
  expect(standIn.violations).toEqual([]);
  await Promise.all([embedded.close(), standIn.close()]);
});

async function compare(filter: { corpusIds: string[] }, exact: boolean) {
  const gaps: number[] = [];
  let hits = 0;
  for (const query of QUERIES) {
    const tokens = tokenizeKo(query);
    const want = await embedded.sparseSearch(tokens, { topN: 10, filter });
    const got = await qdrant.sparseSearch(tokens, { topN: 10, filter });
    hits += want.length;
    if (exact)
      expect(
        got.map((h) => h.chunk.id),
        query,
      ).toEqual(want.map((h) => h.chunk.id));
    for (const [i, h] of want.entries()) {
      const other = got.find((g) => g.chunk.id === h.chunk.id);
      gaps.push(Math.abs((other?.score ?? 0) - h.score) / h.score);
      if (exact) expect(got[i]?.score, `${query} #${i}`).toBeCloseTo(h.score, 5);
    }
  }
  expect(hits).toBeGreaterThanOrEqual(5);
  return Math.max(...gaps);
}

describe("BM25 parity between the embedded store and the Qdrant backend", () => {
  it("has no token-index collisions in this corpus (else hashing, not BM25, would be tested)", () => {
    const tokens = new Set([...P, ...Q].flatMap((i) => i.tokens).concat(QUERIES.flatMap((q) => tokenizeKo(q))));
    expect(new Set([...tokens].map(tokenIndex)).size).toBe(tokens.size);
  });

  it("ranks and scores alike, per corpus, when the corpus is written in one go", async () => {
    await Promise.all([embedded.upsert([...P, ...Q]), qdrant.upsert([...P, ...Q])]);
    // Two corpora in one collection: IDF and average length stay per corpus.
    expect(await compare({ corpusIds: ["p"] }, true)).toBeLessThan(1e-5);
    expect(await compare({ corpusIds: ["q"] }, true)).toBeLessThan(1e-5);
  });

  it("a corpus written batch by batch (an import) ranks exactly once the job ends (finishWrites)", async () => {
    await Promise.all([embedded.deleteCorpus("p"), qdrant.deleteCorpus("p")]);
    // As an import writes: each batch with the average length of the corpus so far.
    for (const part of [P.slice(0, 2), P.slice(2, 5), P.slice(5)]) {
      await Promise.all([embedded.upsert(part), qdrant.upsert(part)]);
    }
    expect(await compare({ corpusIds: ["p"] }, false)).toBeGreaterThan(1e-3);
    const rewrites = standIn.of("batch_update").length;
    expect(await qdrant.finishWrites("p")).toMatch(/가중치 \d+개 갱신/);
    expect(standIn.of("batch_update").length).toBeGreaterThan(rewrites);
    expect(await compare({ corpusIds: ["p"] }, true)).toBeLessThan(1e-5);
    // The other corpus is left as it was (still exact), and a second pass finds nothing to do.
    expect(await compare({ corpusIds: ["q"] }, true)).toBeLessThan(1e-5);
    expect(await qdrant.finishWrites("p")).toContain("가중치 0개 갱신");

    // The corpus grows (a later import), and the end of that import makes it exact again.
    const extra = corpus("p", ["손해배상 청구의 소멸시효 기간은 길다 길다 길다 길다 길다 길다 길다 길다"]).map((i) => ({
      ...i,
      chunk: { ...i.chunk, id: `${i.chunk.id}x`, caseNo: "p99다1" },
    }));
    await Promise.all([embedded.upsert(extra), qdrant.upsert(extra)]);
    expect(await compare({ corpusIds: ["p"] }, false)).toBeGreaterThan(1e-4);
    await qdrant.finishWrites("p");
    expect(await compare({ corpusIds: ["p"] }, true)).toBeLessThan(1e-5);
    await Promise.all([embedded.deleteCorpus("p"), qdrant.deleteCorpus("p")]);
  });

  it("drifts when a corpus grows after its points were written, and a re-index restores parity", async () => {
    // The documented limit: weights carry the average length of the moment they were written.
    await Promise.all([embedded.deleteCorpus("p"), qdrant.deleteCorpus("p")]);
    const [first, second] = [P.slice(0, 4), P.slice(4)];
    for (const part of [first, second]) await Promise.all([embedded.upsert(part), qdrant.upsert(part)]);
    expect(await compare({ corpusIds: ["p"] }, false)).toBeGreaterThan(1e-3);

    const caseNos = P.map((i) => i.chunk.caseNo);
    await Promise.all([embedded.replaceDocuments("p", caseNos, P), qdrant.replaceDocuments("p", caseNos, P)]);
    expect(await compare({ corpusIds: ["p"] }, true)).toBeLessThan(1e-5);
  });
});
