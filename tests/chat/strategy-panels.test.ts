import { beforeAll, describe, expect, it } from "vitest";
import { deskData } from "@/lib/chat/desk-data";
import type { Db } from "@/lib/db/client";
import { createCorpus } from "@/lib/db/corpora";
import { atomicSummaryText, queryCardsFor, strategyUnavailable } from "@/lib/rag/strategies/panels";
import { STRATEGY_IDS } from "@/lib/rag/strategies/steps";
import { useTestDatabase } from "../support/test-db";

/** What the chat shows of a strategy: its own query cards, whether it can run, its closing line. */

describe("strategy cards", () => {
  it("shows the analytical and rationale cards only for the strategies that write them", () => {
    const withCards = STRATEGY_IDS.filter((id) => queryCardsFor(id).analytical || queryCardsFor(id).rationale);
    expect(withCards).toEqual(["rar", "cc-rag-rar"]);
    expect(queryCardsFor("multi-query")).toEqual({ analytical: false, rationale: false });
    // An answer saved before strategies existed was RAR's.
    expect(queryCardsFor(undefined)).toEqual({ analytical: true, rationale: true });
  });

  it("says what the atomic strategy gathered in words, and nothing for zero rounds", () => {
    expect(atomicSummaryText(2, 3)).toBe("2번에 걸쳐 근거 3개를 모았습니다.");
    expect(atomicSummaryText(1, 0)).toBe("1번 찾아보았지만 더할 근거를 찾지 못했습니다.");
    expect(atomicSummaryText(0, 0)).toBeUndefined();
  });
});

describe("atomic strategy availability", () => {
  const corpora = [
    { id: "plain", atomic: false },
    { id: "enriched", atomic: true },
  ];

  it("is disabled, with the reason, on a scope without atomic questions; every other strategy runs anywhere", () => {
    expect(strategyUnavailable("atomic", corpora, ["plain"])).toContain("이 말뭉치는 아직 원자 질문을 만들지 않아");
    expect(strategyUnavailable("atomic", corpora, ["enriched"])).toBeUndefined();
    // All corpora: one enriched corpus is enough (the strategy searches the tags of the whole scope).
    expect(strategyUnavailable("atomic", corpora)).toBeUndefined();
    expect(strategyUnavailable("atomic", [{ id: "plain", atomic: false }])).toContain("이 말뭉치는");
    expect(strategyUnavailable("atomic", [...corpora.slice(0, 1), { id: "b", atomic: false }])).toContain(
      "원자 질문을 만든 말뭉치가 없어",
    );
    for (const id of STRATEGY_IDS.filter((s) => s !== "atomic")) {
      expect(strategyUnavailable(id, [{ id: "plain", atomic: false }], ["plain"])).toBeUndefined();
    }
  });

  describe("from the database", () => {
    let db: Db;
    beforeAll(() => {
      db = useTestDatabase();
    });

    it("marks a corpus atomic once it has indexed atomic questions (failed or unindexed ones do not count)", async () => {
      const plain = await createCorpus("보강 안 한 말뭉치");
      const enriched = await createCorpus("원자 질문 말뭉치");
      for (const c of [plain, enriched]) await db.corpus.update({ where: { id: c.id }, data: { documentCount: 3 } });
      const row = { kind: "atoms", caseNo: "2099다1", cacheKey: "k" };
      await db.chunkEnrichment.createMany({
        data: [
          { ...row, corpusId: plain.id, chunkId: "p1", status: "failed", indexed: false },
          { ...row, corpusId: plain.id, chunkId: "p2", status: "done", indexed: false },
          { ...row, corpusId: plain.id, chunkId: "p3", kind: "context", status: "done", indexed: true },
          { ...row, corpusId: enriched.id, chunkId: "e1", status: "done", indexed: true },
        ],
      });
      const { searchable } = await deskData();
      const atomic = Object.fromEntries(searchable.map((c) => [c.name, c.atomic]));
      expect(atomic).toEqual({ "보강 안 한 말뭉치": false, "원자 질문 말뭉치": true });
    });
  });
});
