import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvalResults } from "@/components/eval/eval-results";
import { streamChat } from "@/lib/ai/chat";
import { replayCalls } from "@/lib/ai/model-calls/modes";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { comparisonMarkdown } from "@/lib/eval/compare-markdown";
import { compareRuns } from "@/lib/eval/compare-runs";
import { runEvaluation } from "@/lib/eval/run-eval";
import { SYSTEMS } from "@/lib/eval/systems";
import { type SavedRun, writeReport } from "@/lib/eval/write-report";
import type { PipelineDeps } from "@/lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { EmbeddedStore } from "@/lib/store/embedded-store";
import { DEAD_URL } from "../ai/support";
import { seedFixtureDecisions } from "../support/seed-fixtures";

// A replay file in the simple format with replies for some questions only: the rest fall back (the
// question searched as asked), and every place a figure is shown says so beside it — the Markdown
// report (first line, tables, charts), the closing line the CLI prints, the admin page, a comparison.
// Our own fixture decisions and questions, BM25 only, no model server (a dead URL: replay only).
const bench = parseBenchmark(
  [
    '{"id": "s1", "question": "택배 드론에서 떨어진 상자에 주차해 둔 차가 찌그러졌는데 업체에 물어내라고 할 수 있나요?", "gold_case_numbers": ["2098다1001"]}',
    '{"id": "s2", "question": "남편이 메타버스 게임 속에서 다른 여자와 계속 연애를 했어요. 이걸로 이혼할 수 있을까요?", "gold_case_numbers": ["2098므21, 22"]}',
    '{"id": "s3", "question": "비트코인을 다른 코인으로 바꾸면 부가세를 내야 하나요?", "gold_case_numbers": ["2096누3"]}',
  ].join("\n"),
).items;
const [s1, s2] = bench.map((i) => i.question);

let store: EmbeddedStore;
let deps: PipelineDeps;
const dir = mkdtempSync(join(tmpdir(), "rar-partial-replay-"));

beforeAll(async () => {
  // Synonyms for s1 only; RAR's analyst and judge for s1 and s2.
  const replay = join(dir, "replay.jsonl");
  writeFileSync(
    replay,
    [
      {
        question: s1,
        synonym: '["드론 낙하물", "배송 사업자 책임", "손해배상"]',
        analytical: "드론 배송 낙하물 손해배상 책임",
        judge: "검토\n[판결 이유]\n드론 배송 사업자는 낙하물로 생긴 손해를 배상할 책임이 있다.",
      },
      {
        question: s2,
        analytical: "가상현실 부정행위와 재판상 이혼 사유",
        judge: "검토\n[판결 이유]\n가상 공간의 부정한 행위도 혼인 파탄의 원인이면 이혼 사유가 된다.",
      },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n"),
  );
  store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "rar-partial-store-")));
  await seedFixtureDecisions(store);
  const calls = replayCalls(replay);
  deps = {
    store,
    settings: DEFAULT_SETTINGS,
    stream: (req) =>
      streamChat({
        ...req,
        config: { baseURL: DEAD_URL, models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 3000, calls },
      }),
  };
});
afterAll(() => store.close());

describe("a partly covered replay file", () => {
  it("counts the questions that ran without their reply and marks every figure of those systems", async () => {
    const systems = SYSTEMS.filter((s) => ["sparse", "rar-sparse", "synonym-sparse"].includes(s.id));
    const run = await runEvaluation({
      items: bench,
      systems,
      deps,
      available: { llm: true, embeddings: false, reranker: false },
    });
    expect(run.results.filter((r) => r.error)).toEqual([]);
    const gapsOf = (system: string) =>
      run.results.filter((r) => r.system === system && r.used?.replayGaps?.length).map((r) => r.itemId);
    expect(gapsOf("synonym-sparse")).toEqual(["s2", "s3"]);
    expect(gapsOf("rar-sparse")).toEqual(["s3"]);
    expect(gapsOf("sparse")).toEqual([]);
    expect(run.results.find((r) => r.system === "synonym-sparse" && r.itemId === "s2")?.used?.replayGaps).toEqual([
      "llm:terms",
    ]);

    const out = mkdtempSync(join(dir, "report-"));
    const { summary, markdown, files } = writeReport(out, "부분 재생", bench, run, systems, {
      baseline: "sparse",
      calls: { mode: "replay", path: "replay.jsonl" },
    });
    const byId = Object.fromEntries(summary.summaries.map((s) => [s.id, s]));
    expect(byId["synonym-sparse"]?.replayGaps).toEqual({ retrieval: 2, yesno: 0 });
    expect(byId["rar-sparse"]?.replayGaps).toEqual({ retrieval: 1, yesno: 0 });
    expect(byId.sparse?.replayGaps).toEqual({ retrieval: 0, yesno: 0 });

    // Markdown: the warning first, the mark in the metrics row, the difference table, the used line.
    const [, , first] = markdown.split("\n");
    expect(first).toMatch(/^> ⚠ 부분 재생 — RAR \(BM25 only\) 1\/3, Synonym expansion \(BM25 only\) 2\/3: /);
    expect(markdown).toMatch(/\| Synonym expansion \(BM25 only\) ⚠ 부분 재생 2\/3 \| 3 \| \d\.\d{3} \[/);
    expect(markdown).toMatch(/\| RAR \(BM25 only\) ⚠ 부분 재생 1\/3 \| 3 \| \d\.\d{3} \[/);
    expect(markdown).toMatch(/\| BM25 \| 3 \| \d\.\d{3} \[/);
    expect(markdown).toMatch(/\n\| Synonym expansion \(BM25 only\) ⚠ 부분 재생 2\/3 \| [+−±]\d/);
    expect(markdown).toMatch(/- Synonym expansion \(BM25 only\): .* · 질의 단계 대체 2\/3 ⚠ 부분 재생 2\/3\n/);
    expect(markdown).toContain("이 수치는 전략을 모든 질문에 적용한 수치가 아닙니다.");
    // The chart names the system as the table does.
    expect(files).toContain("charts/retrieval.svg");
    expect(readFileSync(join(out, "charts/retrieval.svg"), "utf8")).toContain("⚠ 부분 재생 2/3");

    // The admin page, from the saved results.json.
    const saved = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as SavedRun;
    const html = renderToStaticMarkup(createElement(EvalResults, { run: saved, chartUrls: [] }));
    expect(html).toContain('data-testid="eval-partial-replay-note"');
    expect(html).toContain("⚠ 부분 재생 — RAR (BM25 only) 1/3, Synonym expansion (BM25 only) 2/3");
    const rows = html
      .split("<tr")
      .slice(1)
      .filter((r) => r.includes("Synonym expansion (BM25 only)"));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row).toContain("부분 재생 2/3");
    expect(html.split("<tr").find((r) => r.includes(">BM25<"))).not.toContain("부분 재생");
    expect(html).toContain("질의 단계 대체 2/3");

    // Comparing it with another run names the partial side.
    const full: SavedRun = {
      ...saved,
      summaries: saved.summaries.map((s) => ({ ...s, replayGaps: undefined })),
    };
    const compared = comparisonMarkdown(compareRuns(full, saved));
    expect(compared).toContain("> B: ⚠ 부분 재생 — RAR (BM25 only) 1/3, Synonym expansion (BM25 only) 2/3");
    expect(compared).not.toContain("> A:");
    // A metric that moved is named with the partial side.
    const moved: SavedRun = {
      ...saved,
      summaries: saved.summaries.map((s) => ({
        ...s,
        metrics: { ...s.metrics, mrr: s.metrics.mrr && { ...s.metrics.mrr, estimate: s.metrics.mrr.estimate - 0.1 } },
      })),
    };
    expect(comparisonMarkdown(compareRuns(full, moved))).toContain(
      "| Synonym expansion (BM25 only) (B ⚠ 부분 재생 2/3) | MRR |",
    );
  });

  it("a fully covered or older run shows no mark", () => {
    const systems = SYSTEMS.filter((s) => s.id === "sparse");
    const run = {
      results: bench.map((i) => ({ system: "sparse", itemId: i.id, ranked: [], ms: 1, tokens: 0 })),
      skipped: [],
    };
    const { markdown } = writeReport(mkdtempSync(join(dir, "plain-")), "재생 없음", bench, run, systems);
    expect(markdown).not.toContain("부분 재생");
  });
});
