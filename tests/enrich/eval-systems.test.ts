import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCorpusEnrichment } from "@/lib/db/corpus-enrichment";
import { startEnrichment } from "@/lib/enrich/enrich-control";
import { runEnrichmentJob } from "@/lib/enrich/run-enrich-job";
import { closeSideStores } from "@/lib/enrich/side-stores";
import type { BenchmarkItem } from "@/lib/eval/benchmark";
import { executeEvaluation } from "@/lib/eval/execute";
import { resolveSystems } from "@/lib/eval/systems";
import { getStore } from "@/lib/store";
import { type EnrichFixture, enrichFixture } from "./support";

/**
 * The enrichment systems through the evaluation's own path (what `npm run eval` and /admin/eval
 * run): contextual BM25 on/off measured on one corpus without re-indexing, `atomic` over the tag
 * index, and a cache whose keys follow the enrichment state.
 */
let f: EnrichFixture;
beforeAll(async () => {
  f = await enrichFixture(6);
  for (const kind of ["context", "atoms"] as const) {
    const { job } = await startEnrichment({ corpusId: f.corpusId, kind });
    expect((await runEnrichmentJob(job.id, f.ctx(kind))).status).toBe("done");
  }
  f.fake.setRules([
    { system: "질문 분해", user: "모은 근거: 없음", reply: '["운영자가 위험을 예견할 수 있었는가?"]' },
    { system: "질문 분해", reply: "[]" },
    { system: "근거 선택", reply: '{"pick": 1}' },
  ]);
});
afterAll(async () => {
  await closeSideStores();
  await (await getStore()).close();
  await f.close();
});

const items: BenchmarkItem[] = [
  { kind: "retrieval", id: "q1", question: "청룡열차 사건", gold_case_numbers: ["2097다10001"] },
];

describe("enrichment systems in the evaluation", () => {
  it("are listed in their groups", () => {
    const { systems, unknown } = resolveSystems("enrichment");
    expect(unknown).toEqual([]);
    expect(systems.map((s) => s.id)).toEqual([
      "sparse",
      "ctx-sparse",
      "ctx-off",
      "ctx-off-norerank",
      "ctx-bm25",
      "ctx-bm25-norerank",
      "ctx-dense",
      "ctx-dense-norerank",
      "ctx-both",
      "ctx-both-norerank",
      "rar",
      "atomic",
    ]);
  });

  it("contextual BM25 on and off on the same corpus; atomic over the tags; the cache follows the enrichment state", async () => {
    const { systems } = resolveSystems("sparse,ctx-sparse,ctx-both-norerank,atomic");
    const cacheDir = mkdtempSync(join(tmpdir(), "rar-eval-cache-"));
    const run = () =>
      executeEvaluation({
        corpusId: f.corpusId,
        items,
        systems,
        outDir: mkdtempSync(join(tmpdir(), "rar-eval-out-")),
        title: "enrichment",
        cacheDir,
      });
    const first = await run();
    const result = (id: string) => first.run.results.find((r) => r.system === id);
    expect(first.run.skipped).toEqual([]);
    // Only the contexts have "청룡열차": plain BM25 finds nothing, contextual BM25 every chunk.
    expect(result("ctx-sparse")?.ranked.length).toBe(12);
    expect(result("sparse")?.ranked).toEqual([]);
    expect(result("ctx-both-norerank")?.ranked.length).toBeGreaterThan(0);
    expect(result("atomic")?.ranked).toHaveLength(1);
    expect(result("atomic")?.strategy).toBeDefined();
    const fp = first.run.fingerprints ?? {};
    expect(fp.sparse?.retrieval?.enrichment).toBeNull();
    expect(fp["ctx-sparse"]?.retrieval?.enrichment).toMatchObject({
      context: { switches: { bm25: true, dense: false }, promptVersion: 1 },
      atoms: null,
    });
    expect(fp.atomic?.retrieval?.enrichment).toMatchObject({ context: null, atoms: { promptVersion: 1 } });

    // Same state: everything from the cache. The corpus's own switch on: the plain systems' keys change.
    expect((await run()).run.results.every((r) => r.fromCache)).toBe(true);
    await setCorpusEnrichment(f.corpusId, { contextBm25: true });
    await new Promise((r) => setTimeout(r, 5_100)); // the routing is re-read every 5 s
    const third = await run();
    const again = (id: string) => third.run.results.find((r) => r.system === id);
    expect(again("sparse")?.fromCache).toBeFalsy();
    expect(again("sparse")?.ranked.length).toBe(12);
    expect(again("ctx-sparse")?.fromCache).toBe(true);
  }, 60_000);
});
