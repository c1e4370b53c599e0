import type { BenchmarkItem } from "./benchmark";
import { caseNdcgAtK, chunkNdcgAtK, goldRanks, mean, recallAtK, reciprocalRank, yesNoScores } from "./metrics";
import type { EvalRun, ItemResult } from "./run-eval";
import type { SystemSpec } from "./systems";

export interface SystemSummary {
  id: string;
  label: string;
  retrievalItems: number;
  recall: Record<10 | 15 | 20, number>;
  caseNdcg: Record<10 | 15 | 20, number>;
  chunkNdcg20: number;
  mrr: number;
  yesNoItems: number;
  accuracy?: number;
  f1Yes?: number;
  unreadable: string[];
  errors: { itemId: string; error: string }[];
  misses: { itemId: string; gold: { caseNo: string; rank: number | null }[] }[];
  tokens: number;
  seconds: number;
}

const K = [10, 15, 20] as const;

export function summarize(items: BenchmarkItem[], run: EvalRun, systems: SystemSpec[]): SystemSummary[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  return systems.flatMap((system) => {
    const rows = run.results.filter((r) => r.system === system.id);
    if (rows.length === 0) return [];
    const ok = rows.filter((r) => !r.error);
    const retrieval = ok.filter((r) => byId.get(r.itemId)?.kind === "retrieval" && system.kind !== "llm-only");
    const gold = (r: ItemResult) => byId.get(r.itemId)?.gold_case_numbers ?? [];
    const metric = (f: (r: ItemResult) => number) => mean(retrieval.map(f));
    const yesno = ok.filter((r) => byId.get(r.itemId)?.kind === "yesno");
    const scores = yesno.length
      ? yesNoScores(
          yesno.map((r) => ({
            label: (byId.get(r.itemId) as { label: "yes" | "no" }).label,
            predicted: r.predicted ?? null,
          })),
        )
      : undefined;
    return [
      {
        id: system.id,
        label: system.label,
        retrievalItems: retrieval.length,
        recall: Object.fromEntries(
          K.map((k) => [k, metric((r) => recallAtK(r.ranked, gold(r), k))]),
        ) as SystemSummary["recall"],
        caseNdcg: Object.fromEntries(
          K.map((k) => [k, metric((r) => caseNdcgAtK(r.ranked, gold(r), k))]),
        ) as SystemSummary["caseNdcg"],
        chunkNdcg20: metric((r) => chunkNdcgAtK(r.ranked, gold(r), 20)),
        mrr: metric((r) => reciprocalRank(r.ranked, gold(r))),
        yesNoItems: yesno.length,
        accuracy: scores?.accuracy,
        f1Yes: scores?.f1Yes,
        unreadable: yesno.filter((r) => r.predicted === null).map((r) => r.itemId),
        errors: rows.filter((r) => r.error).map((r) => ({ itemId: r.itemId, error: r.error ?? "" })),
        misses: retrieval
          .filter((r) => recallAtK(r.ranked, gold(r), 20) === 0)
          .map((r) => ({ itemId: r.itemId, gold: goldRanks(r.ranked, gold(r)) })),
        tokens: rows.reduce((n, r) => n + r.tokens, 0),
        seconds: rows.reduce((n, r) => n + r.ms, 0) / 1000,
      },
    ];
  });
}

const f = (x: number | undefined) => (x === undefined ? "–" : x.toFixed(4));

/** The report as Markdown: tables like the paper's Tables 2 and 4, then misses and costs. */
export function markdownReport(
  title: string,
  summaries: SystemSummary[],
  skipped: EvalRun["skipped"],
  charts: string[] = [],
): string {
  const lines = [`# ${title}`, ""];
  const retrieval = summaries.filter((s) => s.retrievalItems > 0);
  if (retrieval.length) {
    lines.push("## 검색 성능 (Recall@k, case-level NDCG@k)", "");
    lines.push("| 시스템 | R@10 | R@15 | R@20 | cNDCG@10 | cNDCG@15 | cNDCG@20 | chunk NDCG@20 | MRR |");
    lines.push("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const s of retrieval) {
      lines.push(
        `| ${s.label} | ${f(s.recall[10])} | ${f(s.recall[15])} | ${f(s.recall[20])} | ${f(s.caseNdcg[10])} | ${f(s.caseNdcg[15])} | ${f(s.caseNdcg[20])} | ${f(s.chunkNdcg20)} | ${f(s.mrr)} |`,
      );
    }
    lines.push("");
  }
  const answers = summaries.filter((s) => s.yesNoItems > 0);
  if (answers.length) {
    lines.push(
      "## 답변 정확도 (예/아니요)",
      "",
      "| 시스템 | Accuracy | F1 (예) | 판정 불가 |",
      "| --- | --- | --- | --- |",
    );
    for (const s of answers) lines.push(`| ${s.label} | ${f(s.accuracy)} | ${f(s.f1Yes)} | ${s.unreadable.length} |`);
    lines.push("");
  }
  lines.push("## 비용", "", "| 시스템 | 토큰 | 시간(초) |", "| --- | --- | --- |");
  for (const s of summaries) lines.push(`| ${s.label} | ${s.tokens} | ${s.seconds.toFixed(1)} |`);
  lines.push("");
  if (skipped.length) {
    lines.push("## 건너뛴 시스템", "");
    for (const s of skipped) lines.push(`- ${s.system}: ${s.reason}`);
    lines.push("");
  }
  const withMisses = summaries.filter((s) => s.misses.length || s.unreadable.length || s.errors.length);
  if (withMisses.length) {
    lines.push("## 놓친 항목", "");
    for (const s of withMisses) {
      lines.push(`### ${s.label}`, "");
      for (const m of s.misses) {
        lines.push(
          `- ${m.itemId}: ${m.gold.map((g) => `${g.caseNo} (${g.rank === null ? "상위 20위 밖" : `${g.rank}위`})`).join(", ")}`,
        );
      }
      for (const id of s.unreadable) lines.push(`- ${id}: 답변에서 예/아니요를 판정할 수 없음`);
      for (const e of s.errors) lines.push(`- ${e.itemId}: 오류 — ${e.error}`);
      lines.push("");
    }
  }
  for (const chart of charts) lines.push(`![${chart}](${chart})`, "");
  return lines.join("\n");
}
