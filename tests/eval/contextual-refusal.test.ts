import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJob, updateJob } from "@/lib/db/jobs";
import { startEnrichment } from "@/lib/enrich/enrich-control";
import { runEnrichmentJob } from "@/lib/enrich/run-enrich-job";
import { closeSideStores } from "@/lib/enrich/side-stores";
import { AppError } from "@/lib/errors";
import type { BenchmarkItem } from "@/lib/eval/benchmark";
import { contextualRefusal } from "@/lib/eval/contextual-check";
import { executeEvaluation } from "@/lib/eval/execute";
import { resolveSystems } from "@/lib/eval/systems";
import { getStore } from "@/lib/store";
import { ENRICH_RULES, type EnrichFixture, enrichFixture } from "../enrich/support";

/**
 * A contextual system (ctx-*) is evaluated only on a corpus whose contextual index is whole and
 * current: otherwise it would search the main index under a contextual name. Refused, with the
 * corpus, how much of it has a context, and `npm run enrich`.
 */
const systems = (ids: string) => resolveSystems(ids).systems;

describe("the refusal's words", () => {
  it("names the corpus, the systems, the fraction and the command; nothing for a current, whole index", () => {
    const ctx = systems("sparse,ctx-sparse,ctx-off");
    expect(contextualRefusal("판례집", ctx, { index: "current", decisions: 40, withContext: 40 })).toBeNull();
    const none = contextualRefusal("판례집", ctx, { index: "none", decisions: 40, withContext: 0 });
    expect(none).toContain("말뭉치 '판례집'에는 맥락 색인이 없습니다");
    expect(none).toContain("맥락 검색 시스템(ctx-sparse)");
    expect(none).toContain('npm run enrich -- --corpus "판례집" --kind context');
    const half = contextualRefusal("판례집", ctx, { index: "incomplete", decisions: 40, withContext: 20 });
    expect(half).toContain("판결 40건 중 20건(50%)에만 맥락이 있습니다");
    // A fraction never rounds up to a whole: 1,999 of 2,000 is 99.9%.
    expect(contextualRefusal("판례집", ctx, { index: "current", decisions: 2000, withContext: 1999 })).toContain(
      "판결 2,000건 중 1,999건(99.9%)",
    );
    expect(contextualRefusal("판례집", ctx, { index: "stale", decisions: 40, withContext: 40 })).toContain(
      "마지막 가져오기(또는 다시 색인)보다 오래되었습니다",
    );
    expect(contextualRefusal("판례집", ctx, { index: "incomplete", decisions: 40, withContext: 40 })).toContain(
      "말뭉치와 맞지 않습니다",
    );
  });

  it("does not concern the control (ctx-off) or the systems that follow the corpus's own switches", () => {
    expect(
      contextualRefusal("판례집", systems("sparse,ctx-off,hybrid-rerank"), {
        index: "none",
        decisions: 40,
        withContext: 0,
      }),
    ).toBeNull();
  });
});

let f: EnrichFixture;
beforeAll(async () => {
  f = await enrichFixture(6);
  // The model fails every chunk of three of the six decisions: the job ends, half of them with a context.
  f.fake.setRules([
    { system: "맥락 작성자", user: /사고 [345]번/, error: { status: 400, body: { error: { message: "filtered" } } } },
    ...ENRICH_RULES,
  ]);
  const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "context" });
  expect((await runEnrichmentJob(job.id, f.ctx("context"))).status).toBe("done");
  f.fake.setRules(ENRICH_RULES);
});
afterAll(async () => {
  await closeSideStores();
  await (await getStore()).close();
  await f.close();
});

const items: BenchmarkItem[] = [
  { kind: "retrieval", id: "r1", question: "운영자의 주의의무", gold_case_numbers: ["2097다10001"] },
];

const evaluate = (corpusId: string, ids: string) =>
  executeEvaluation({
    corpusId,
    items,
    systems: systems(ids),
    outDir: mkdtempSync(join(tmpdir(), "rar-ctx-refusal-")),
    title: "contextual refusal",
  });

async function refusal(corpusId: string, ids: string): Promise<AppError> {
  const error = await evaluate(corpusId, ids).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("eval:no_context_index");
  return error as AppError;
}

describe("an evaluation of a contextual system", () => {
  it("on a half-enriched corpus says so, with the fraction, and runs nothing", async () => {
    const error = await refusal(f.corpusId, "sparse,ctx-sparse");
    expect(error.userMessage).toContain("말뭉치 'enrich-6'의 맥락 색인에는 판결 6건 중 3건(50%)에만 맥락이 있습니다");
    expect(error.userMessage).toContain("npm run enrich");
    expect(error.userMessage).toContain("ctx-sparse");
    // The plain systems and the control still run on it.
    const plain = await evaluate(f.corpusId, "sparse,ctx-off-norerank");
    expect(plain.run.results.map((r) => r.system).sort()).toEqual(["ctx-off-norerank", "sparse"]);
  }, 60_000);

  it("runs once the failures are enriched, and is refused again after an import the index has not caught up with", async () => {
    const { job } = await startEnrichment({ corpusId: f.corpusId, kind: "context", retryOnly: true });
    expect((await runEnrichmentJob(job.id, f.ctx("context"))).status).toBe("done");
    const whole = await evaluate(f.corpusId, "ctx-sparse");
    expect(whole.run.results).toHaveLength(1);
    expect(whole.run.results[0]?.error).toBeUndefined();

    const imported = await createJob({ corpusId: f.corpusId, kind: "cli", inputDir: "/nowhere" });
    await updateJob(imported.id, { status: "done", startedAt: new Date(Date.now() + 1000), finishedAt: new Date() });
    const error = await refusal(f.corpusId, "ctx-sparse");
    expect(error.userMessage).toContain("오래되었습니다");
    await updateJob(imported.id, { startedAt: new Date(Date.now() - 3_600_000) });
  }, 60_000);

  it("on a corpus never enriched says it has no contextual index", async () => {
    const other = await f.addCorpus("맥락 없는 말뭉치", 2, 50);
    const error = await refusal(other, "ctx-bm25-norerank");
    expect(error.userMessage).toContain("말뭉치 '맥락 없는 말뭉치'에는 맥락 색인이 없습니다");
  }, 60_000);
});
