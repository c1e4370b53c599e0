import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { defineStoreContract, referenceBm25, toIndexed } from "./contract";

const dir = mkdtempSync(join(tmpdir(), "rar-store-"));
defineStoreContract(
  "embedded",
  async () => new EmbeddedStore(dir),
  async () => new EmbeddedStore(dir),
);

describe("embedded store BM25", () => {
  it("scores exactly like the reference BM25 within a corpus", async () => {
    const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-bm25-")));
    const texts = [
      "불법행위로 인한 손해배상 청구권의 소멸시효는 손해 및 가해자를 안 날부터 3년이다.",
      "채무불이행으로 인한 손해배상의 범위는 통상의 손해를 한도로 한다.",
      "임대차 종료 시 보증금 반환과 목적물 인도는 동시이행 관계에 있다.",
      "사용자는 피용자가 사무집행에 관하여 제3자에게 가한 손해를 배상할 책임이 있다.",
      "손해배상 손해배상 손해배상 반복된 문장의 점수는 포화된다.",
    ];
    const items = texts.map((text, i) =>
      toIndexed(
        {
          corpus: "X",
          caseNo: `99다${i}`,
          caseType: "민사",
          court: "대법원",
          date: "1999-01-01",
          section: "판결요지",
          order: 0,
          text,
        },
        { X: "x" },
      ),
    );
    const other = toIndexed(
      {
        corpus: "Y",
        caseNo: "1다1",
        caseType: "민사",
        court: "대법원",
        date: "1999-01-01",
        section: "판결요지",
        order: 0,
        text: "손해배상 다른 말뭉치",
      },
      { Y: "y" },
    );
    await store.upsert([...items, other]);
    const query = tokenizeKo("손해배상 책임의 소멸시효");
    const got = await store.sparseSearch(query, { topN: 5, filter: { corpusIds: ["x"] } });
    const want = referenceBm25(items, query, 5);
    expect(got.map((h) => h.chunk.id)).toEqual(want.map((h) => h.id));
    for (const [i, h] of got.entries()) expect(h.score).toBeCloseTo(want[i]?.score ?? 0, 9);
    await store.close();
  });
});

describe("embedded store shared with another process", () => {
  it("sees chunks another connection (the ingest CLI) wrote after it opened", async () => {
    const shared = mkdtempSync(join(tmpdir(), "rar-shared-"));
    const server = new EmbeddedStore(shared);
    const cli = new EmbeddedStore(shared);
    const item = toIndexed(
      {
        corpus: "Z",
        caseNo: "2001다9",
        caseType: "민사",
        court: "대법원",
        date: "2001-01-01",
        section: "판시사항",
        order: 0,
        text: "명의신탁 부동산의 반환 청구",
      },
      { Z: "z" },
    );
    await cli.upsert([item]);
    expect(await server.count({ corpusIds: ["z"] })).toBe(1);
    expect((await server.sparseSearch(tokenizeKo("명의신탁"), { topN: 1 }))[0]?.chunk.caseNo).toBe("2001다9");
    await cli.deleteCorpus("z");
    expect(await server.count({ corpusIds: ["z"] })).toBe(0);
    await Promise.all([server.close(), cli.close()]);
  });
});
