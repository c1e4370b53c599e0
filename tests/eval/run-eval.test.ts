import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "@/lib/ai/chat";
import { embedTexts } from "@/lib/ai/embed";
import { RATIONALE_MARKER } from "@/lib/ai/prompts/judge";
import { rerank } from "@/lib/ai/rerank";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { summarize } from "@/lib/eval/report";
import { type EvalRun, runEvaluation } from "@/lib/eval/run-eval";
import { resolveSystems, SYSTEMS } from "@/lib/eval/systems";
import { writeReport } from "@/lib/eval/write-report";
import { chunkDecision } from "@/lib/ingest/chunk";
import { parseFile } from "@/lib/ingest/parse-file";
import { listInputFiles } from "@/lib/ingest/sources";
import type { PipelineDeps } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { tokenizeKo } from "@/lib/text/tokenize-ko";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";

describe("report from a fixed ranking", () => {
  const { items } = parseBenchmark(
    [
      '{"id": "q1", "question": "a", "gold_case_numbers": ["1다1"]}',
      '{"id": "q2", "question": "b", "gold_case_numbers": ["2다2", "3다3"]}',
      '{"id": "y1", "question": "c", "label": "yes"}',
      '{"id": "y2", "question": "d", "label": "no"}',
    ].join("\n"),
  );
  const ranked = (...cases: string[]) => cases.map((caseNo, i) => ({ caseNo, chunkId: `${caseNo}-${i}`, score: 1 }));
  const run: EvalRun = {
    skipped: [{ system: "rar", reason: "언어 모델 설정 없음" }],
    results: [
      { system: "sparse", itemId: "q1", ranked: ranked("9다9", "1다1"), ms: 100, tokens: 0 },
      { system: "sparse", itemId: "q2", ranked: ranked("3다3", "3다3", "8다8"), ms: 100, tokens: 0 },
      { system: "sparse", itemId: "y1", ranked: [], answer: "예", predicted: "yes", ms: 50, tokens: 10 },
      { system: "sparse", itemId: "y2", ranked: [], answer: "글쎄요", predicted: null, ms: 50, tokens: 10 },
    ],
  };
  const systems = SYSTEMS.filter((s) => s.id === "sparse");

  it("computes the metrics by hand", () => {
    const [s] = summarize(items, run, systems).summaries;
    // q1: gold at rank 2 → R@k 1, cNDCG = (1/log2 3) / 1; q2: one of two gold cases first → 1 / (1 + 1/log2 3)
    const q1 = 1 / Math.log2(3);
    const q2 = 1 / (1 + 1 / Math.log2(3));
    expect(s?.metrics.recall10).toEqual({ estimate: 1, lo: 1, hi: 1 });
    expect(s?.metrics.caseNdcg20?.estimate).toBeCloseTo((q1 + q2) / 2, 12);
    expect(s?.metrics.caseNdcg20?.lo).toBeCloseTo(Math.min(q1, q2), 12);
    expect(s?.metrics.caseNdcg20?.hi).toBeCloseTo(Math.max(q1, q2), 12);
    expect(s?.metrics.mrr?.estimate).toBeCloseTo((1 / 2 + 1) / 2, 12);
    expect(s?.metrics.accuracy?.estimate).toBe(0.5);
    expect(s?.unreadable).toEqual(["y2"]);
    expect(s?.tokens).toBe(20);
    expect(s?.misses).toEqual([]);
  });

  it("writes the Markdown report, the results and SVG charts", () => {
    const dir = mkdtempSync(join(tmpdir(), "rar-report-"));
    const { files, markdown } = writeReport(dir, "테스트", items, run, systems);
    expect(files).toEqual(["report.md", "results.json", "charts/retrieval.svg", "charts/answers.svg"]);
    expect(markdown).toContain(
      "| 시스템 | 질문 수 | R@10 | R@15 | R@20 | cNDCG@10 | cNDCG@15 | cNDCG@20 | chunk NDCG@20 | MRR |",
    );
    expect(markdown).toContain("| BM25 | 2 | 1.000 [1.000, 1.000] | 1.000 [1.000, 1.000] | 1.000 [1.000, 1.000] |");
    expect(markdown).toContain("쌍체 부트스트랩(질문 재표본 2,000회");
    expect(readFileSync(join(dir, "charts/retrieval.svg"), "utf8")).toContain("class='error-bar'");
    expect(markdown).toContain("rar: 언어 모델 설정 없음");
    expect(markdown).toContain("y2: 답변에서 예/아니요를 판정할 수 없음");
    expect(readFileSync(join(dir, "charts/retrieval.svg"), "utf8")).toMatch(/^<svg[\s\S]*<rect[\s\S]*<\/svg>$/);
    expect(existsSync(join(dir, "results.json"))).toBe(true);
  });
});

describe("every system over the fake model servers", () => {
  let openai: FakeOpenAI;
  let reranker: FakeRerank;
  let deps: PipelineDeps;
  const bench = parseBenchmark(
    [
      '{"id": "r1", "question": "배송 드론이 떨어뜨린 물건 때문에 손해를 입으면 배상받을 수 있나요?", "gold_case_numbers": ["2098다1001"]}',
      '{"id": "r2", "question": "가상 현실에서 바람을 피운 배우자와 이혼할 수 있나요?", "gold_case_numbers": ["2098므21, 22"]}',
      '{"id": "y1", "question": "드론 배송 사업자는 낙하물 손해를 배상해야 하나요?", "label": "yes", "gold_case_numbers": ["2098다1001"]}',
    ].join("\n"),
  ).items;

  beforeAll(async () => {
    [openai, reranker] = await Promise.all([
      startFakeOpenAI({
        rules: [
          { system: "법률 분석가", reply: "손해배상 책임" },
          { system: "대법원 판사", reply: `검토\n${RATIONALE_MARKER}\n손해를 배상할 책임이 있다.` },
          { reply: "예, 배상할 책임이 있습니다(대법원 2098다1001)." },
        ],
      }),
      startFakeRerank(),
    ]);
    const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-eval-")));
    const embedConfig = { baseURL: openai.url, model: "e", timeoutMs: 5000, batchSize: 64 };
    for (const file of listInputFiles(resolve("tests/fixtures/decisions"))) {
      for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
        const chunks = chunkDecision(d, { corpusId: "c" });
        const vectors = await embedTexts(
          chunks.map((c) => c.text),
          { config: embedConfig },
        );
        await store.upsert(chunks.map((chunk, i) => ({ chunk, tokens: tokenizeKo(chunk.text), vector: vectors[i] })));
      }
    }
    deps = {
      store,
      settings: DEFAULT_SETTINGS,
      stream: (req) =>
        streamChat({
          ...req,
          config: { baseURL: openai.url, models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 5000 },
        }),
      embed: async (text) => (await embedTexts([text], { config: embedConfig }))[0] ?? [],
      rerank: (q, docs, topN) =>
        rerank(q, docs, { topN, config: { baseURL: reranker.url, model: "r", timeoutMs: 5000 } }),
    };
  });
  afterAll(() => Promise.all([openai.close(), reranker.close(), deps.store.close()]));

  it("runs all systems and the sweep, caches results, and skips what lacks a component", async () => {
    // `all` leaves out the BM25-only twins of the strategies (group strategies-sparse).
    const { systems } = resolveSystems("all,sweep,strategies-sparse");
    expect(systems).toHaveLength(SYSTEMS.length);
    const cacheDir = mkdtempSync(join(tmpdir(), "rar-cache-"));
    const available = { llm: true, embeddings: true, reranker: true };
    const fingerprint = {
      config: {
        chat: { baseURL: openai.url, models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 5000 },
        embeddings: { baseURL: openai.url, model: "e", timeoutMs: 5000, batchSize: 64 },
        rerank: { baseURL: reranker.url, model: "r", timeoutMs: 5000 },
        store: { kind: "embedded" as const, dataDir: ".", qdrantCollection: "x" },
        statusCacheSeconds: 0,
        faultCooldownSeconds: 0,
      },
      corpus: { corpusId: "c", documents: 4, chunks: 0, tokenizerVersion: 2, contentHash: "x" },
    };
    const run = await runEvaluation({ items: bench, systems, deps, available, cacheDir, fingerprint });
    expect(run.skipped).toEqual([]);
    expect(run.results.filter((r) => r.error)).toEqual([]);
    const { summaries } = summarize(bench, run, systems);
    const byId = Object.fromEntries(summaries.map((s) => [s.id, s]));
    expect(byId.sparse?.metrics.recall20?.estimate).toBe(1);
    expect(byId.rar?.metrics.recall20?.estimate).toBe(1);
    expect(byId.rar?.metrics.accuracy?.estimate).toBe(1);
    expect(byId["llm-only"]?.retrievalItems).toBe(0);
    expect(byId["llm-only"]?.metrics.accuracy?.estimate).toBe(1);
    expect(byId.rar?.tokens).toBeGreaterThan(0);
    expect(byId.rar?.used).toEqual({ items: 3, analytical: 3, rationale: 3, dense: 3, reranked: 3 });
    expect(byId["sparse-rerank"]?.used).toEqual({ items: 3, analytical: 0, rationale: 0, dense: 0, reranked: 3 });

    const before = openai.requests.length;
    const again = await runEvaluation({ items: bench, systems, deps, available, cacheDir, fingerprint });
    expect(openai.requests.length).toBe(before);
    expect(again.results.map((r) => r.ranked)).toEqual(run.results.map((r) => r.ranked));
    expect(again.results.every((r) => r.fromCache)).toBe(true);

    const without = await runEvaluation({
      items: bench,
      systems,
      deps,
      available: { llm: false, embeddings: false, reranker: false },
    });
    expect(without.skipped.map((s) => s.system)).toContain("rar");
    expect(without.skipped.find((s) => s.system === "rar")?.reason).toBe("언어 모델, 임베딩, 리랭커 설정 없음");
    // Contextual BM25 needs no model either. (Here the store has no contextual index and it searches the
    // main one; executeEvaluation refuses that — tests/eval/contextual-refusal.test.ts.)
    expect(new Set(without.results.map((r) => r.system))).toEqual(new Set(["sparse", "ctx-sparse"]));
  });
});
