import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillCitations } from "@/lib/citations/backfill";
import { precedentSignals, viewerGraph } from "@/lib/citations/graph";
import { graphCounts } from "@/lib/db/citations";
import type { Db } from "@/lib/db/client";
import { createCorpus } from "@/lib/db/corpora";
import { createJob } from "@/lib/db/jobs";
import { removeCorpus } from "@/lib/ingest/corpus-admin";
import { runIngestionJob } from "@/lib/ingest/run-job";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { decisionKey } from "@/lib/text/decision-key";
import { useTestDatabase } from "../support/test-db";

// Our fixture decisions: 2097다7202 (en banc) cites 2098다1001 and overrules 2096다5101 in part.
let client: Db;
let store: EmbeddedStore;
let dataDir: string;
let fixtures: string;
let citations: string;

async function ingest(corpusId: string, inputDir: string, force = false) {
  const job = await createJob({ corpusId, kind: "cli", inputDir, force });
  const done = await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir });
  expect(done.status).toBe("done");
}

beforeAll(async () => {
  client = useTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "rar-graph-"));
  store = new EmbeddedStore(join(dataDir, "store"));
  fixtures = (await createCorpus("테스트 판례")).id;
  citations = (await createCorpus("인용 판례")).id;
  await ingest(fixtures, resolve("tests/fixtures/decisions"));
  await ingest(citations, resolve("tests/fixtures/citations"));
});
afterAll(() => store.close());

const decision = (caseNo: string) => ({ caseNo, court: "대법원" });

describe("the citation graph built at ingestion", () => {
  it("stores each decision's citations and overrulings", async () => {
    expect(await graphCounts(citations)).toEqual({ edges: 2, overrulings: 1 });
    // 2098다1001 cites two decisions no corpus holds.
    expect((await graphCounts(fixtures)).edges).toBeGreaterThanOrEqual(2);
  });

  it("gives an answer's context its cited-by counts and overrulings, across corpora", async () => {
    const signals = await precedentSignals(["2096다5101", "2098다1001", "2097다7202"].map(decision));
    expect(signals[decisionKey(decision("2096다5101"))]).toEqual({
      citedBy: 1,
      overruledBy: [
        { caseNo: "2097다7202", court: "대법원", date: "2099-06-20", scope: "partial", corpusId: citations },
      ],
    });
    expect(signals[decisionKey(decision("2098다1001"))]).toEqual({ citedBy: 1, overruledBy: [] });
    expect(signals[decisionKey(decision("2097다7202"))]).toEqual({ citedBy: 0, overruledBy: [] });
    // Another court's decision with the same number is another decision.
    const other = await precedentSignals([{ caseNo: "2096다5101", court: "서울고등법원" }]);
    expect(other[decisionKey({ caseNo: "2096다5101", court: "서울고등법원" })]).toEqual({
      citedBy: 0,
      overruledBy: [],
    });
  });

  it("gives the viewer what a decision cites, what cites it, and what it overrules", async () => {
    const later = await viewerGraph({ corpusId: citations, caseNo: "2097다7202", court: "대법원" });
    expect(later.references.map((r) => [r.caseNo, r.source, r.corpusId])).toEqual([
      ["2096다5101", "참조판례", citations],
      ["2098다1001", "참조판례", fixtures],
    ]);
    expect(later.overrules).toEqual([
      expect.objectContaining({ caseNo: "2096다5101", scope: "partial", corpusId: citations }),
    ]);
    const earlier = await viewerGraph({ corpusId: citations, caseNo: "2096다5101", court: "대법원" });
    expect(earlier.citedBy).toEqual([
      { caseNo: "2097다7202", court: "대법원", date: "2099-06-20", corpusId: citations, caseName: "손해배상(기)" },
    ]);
    expect(earlier.overruledBy.map((o) => o.caseNo)).toEqual(["2097다7202"]);
    const fixture = await viewerGraph({ corpusId: fixtures, caseNo: "2098다1001", court: "대법원" });
    expect(fixture.references.map((r) => [r.caseNo, r.date, r.corpusId])).toEqual([
      ["2089다77", "2090-03-04", undefined],
      ["2090다88", "2091-05-06", undefined],
    ]);
  });

  it("replaces a decision's rows when it is indexed again, and rebuilds them from the archive", async () => {
    await ingest(citations, resolve("tests/fixtures/citations"), true);
    expect(await graphCounts(citations)).toEqual({ edges: 2, overrulings: 1 });
    await client.citationEdge.deleteMany({ where: { corpusId: citations } });
    await client.overruling.deleteMany({ where: { corpusId: citations } });
    expect(await graphCounts(citations)).toEqual({ edges: 0, overrulings: 0 });
    const result = await backfillCitations(citations, dataDir);
    expect(result).toEqual({ documents: 2, edges: 2, overrulings: 1, missing: [] });
    expect(await graphCounts(citations)).toEqual({ edges: 2, overrulings: 1 });
    // Twice gives the same graph.
    await backfillCitations(citations, dataDir);
    expect(await graphCounts(citations)).toEqual({ edges: 2, overrulings: 1 });
  });

  it("goes with its corpus", async () => {
    await removeCorpus(citations, store, dataDir);
    expect(await graphCounts(citations)).toEqual({ edges: 0, overrulings: 0 });
    const signals = await precedentSignals([decision("2096다5101")]);
    expect(Object.values(signals)[0]?.overruledBy).toEqual([]);
  });
});
