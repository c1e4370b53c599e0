import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseBenchmark } from "@/lib/eval/benchmark";
import { comparisonMarkdown } from "@/lib/eval/compare-markdown";
import { compareRuns } from "@/lib/eval/compare-runs";
import type { EvalRun } from "@/lib/eval/run-eval";
import { SYSTEMS } from "@/lib/eval/systems";
import { type SavedRun, writeReport } from "@/lib/eval/write-report";

const { items } = parseBenchmark(
  [
    '{"id": "q1", "question": "회원권 이용료", "gold_case_numbers": ["2030다1234"]}',
    '{"id": "q2", "question": "사실혼 해소", "gold_case_numbers": ["2009다228"]}',
    '{"id": "y1", "question": "이용료 반환?", "label": "no"}',
  ].join("\n"),
);
const systems = SYSTEMS.filter((s) => s.id === "rar-sparse");
const ranked = (...cases: string[]) => cases.map((caseNo, i) => ({ caseNo, chunkId: `${caseNo}-${i}`, score: 1 }));
const fp = (model: string, rrfK: number) => ({
  models: { analyst: { model, endpoint: "http://llm" } },
  pipeline: { rrfK },
});

function saved(run: EvalRun): SavedRun {
  const dir = mkdtempSync(join(tmpdir(), "rar-cmp-"));
  writeReport(dir, "t", items, run, systems);
  return JSON.parse(readFileSync(join(dir, "results.json"), "utf8")) as SavedRun;
}

describe("comparing two saved runs", () => {
  const a = saved({
    skipped: [],
    fingerprints: { "rar-sparse": { retrieval: fp("model-a", 60), yesno: fp("model-a", 60) } },
    results: [
      { system: "rar-sparse", itemId: "q1", ranked: ranked("2030다1234"), ms: 1, tokens: 0 },
      { system: "rar-sparse", itemId: "q2", ranked: ranked("1다1", "2009다228"), ms: 1, tokens: 0 },
      { system: "rar-sparse", itemId: "y1", ranked: [], answer: "아니요", predicted: "no", ms: 1, tokens: 0 },
    ],
  });
  const b = saved({
    skipped: [],
    fingerprints: { "rar-sparse": { retrieval: fp("model-b", 60), yesno: fp("model-b", 60) } },
    results: [
      { system: "rar-sparse", itemId: "q1", ranked: ranked("2030다1234"), ms: 1, tokens: 0 },
      { system: "rar-sparse", itemId: "q2", ranked: ranked("2009다228"), ms: 1, tokens: 0 },
      { system: "rar-sparse", itemId: "y1", ranked: [], answer: "예", predicted: "yes", ms: 1, tokens: 0 },
    ],
  });

  it("says what changed in the fingerprints and which questions flipped", () => {
    const c = compareRuns(a, b);
    expect(c.changes).toEqual([
      { system: "rar-sparse", kind: "retrieval", key: "models.analyst.model", a: '"model-a"', b: '"model-b"' },
      { system: "rar-sparse", kind: "yesno", key: "models.analyst.model", a: '"model-a"', b: '"model-b"' },
    ]);
    expect(c.flips.map((f) => [f.itemId, f.metric, f.a, f.b])).toEqual([
      ["y1", "accuracy", 1, 0],
      ["q2", "caseNdcg20", 1 / Math.log2(3), 1],
    ]);
    // Recall is unchanged (both found the gold case); F1 of "yes" is 0 both times (no true "yes").
    expect(c.metrics.filter((m) => m.changed).map((m) => m.metric)).toEqual([
      "caseNdcg10",
      "caseNdcg15",
      "caseNdcg20",
      "chunkNdcg20",
      "mrr",
      "accuracy",
    ]);
    const markdown = comparisonMarkdown(c);
    expect(markdown).toContain('| rar-sparse | retrieval | models.analyst.model | "model-a" | "model-b" |');
    expect(markdown).toContain("## 결과가 바뀐 질문 (2)");
  });

  it("the same conditions: nothing changed, nothing flipped", () => {
    const c = compareRuns(a, a);
    expect(c.changes).toEqual([]);
    expect(c.flips).toEqual([]);
    expect(comparisonMarkdown(c)).toContain("바뀐 것이 없습니다");
  });
});
