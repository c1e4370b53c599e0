import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchmarkItem } from "./benchmark";
import { metricBarsSvg, sweepLineSvg } from "./charts";
import { markdownReport, type SystemSummary, summarize } from "./report";
import type { EvalRun } from "./run-eval";
import { SYSTEMS, type SystemSpec } from "./systems";

/** Writes report.md, results.json and the charts into `dir`; returns the summaries and file names. */
export function writeReport(
  dir: string,
  title: string,
  items: BenchmarkItem[],
  run: EvalRun,
  systems: SystemSpec[],
): { summaries: SystemSummary[]; files: string[]; markdown: string } {
  mkdirSync(join(dir, "charts"), { recursive: true });
  const summaries = summarize(items, run, systems);
  const charts: string[] = [];
  const retrieval = summaries.filter((s) => s.retrievalItems > 0 && !s.id.startsWith("sweep-"));
  if (retrieval.length) {
    writeFileSync(
      join(dir, "charts/retrieval.svg"),
      metricBarsSvg(retrieval, [
        { label: "Recall@20", value: (s) => s.recall[20] },
        { label: "case NDCG@20", value: (s) => s.caseNdcg[20] },
        { label: "MRR", value: (s) => s.mrr },
      ]),
    );
    charts.push("charts/retrieval.svg");
  }
  const answers = summaries.filter((s) => s.yesNoItems > 0);
  if (answers.length) {
    writeFileSync(
      join(dir, "charts/answers.svg"),
      metricBarsSvg(answers, [
        { label: "Accuracy", value: (s) => s.accuracy ?? 0 },
        { label: "F1 (예)", value: (s) => s.f1Yes ?? 0 },
      ]),
    );
    charts.push("charts/answers.svg");
  }
  const sweep = summaries.filter((s) => s.id.startsWith("sweep-") && s.retrievalItems > 0);
  if (sweep.length >= 2) {
    const points = sweep.map((s) => ({
      denseWeight: SYSTEMS.find((x) => x.id === s.id)?.settings?.denseWeight ?? 0,
      recall20: s.recall[20],
      caseNdcg20: s.caseNdcg[20],
    }));
    writeFileSync(join(dir, "charts/sweep.svg"), sweepLineSvg(points));
    charts.push("charts/sweep.svg");
  }
  const markdown = markdownReport(title, summaries, run.skipped, charts);
  writeFileSync(join(dir, "report.md"), markdown);
  writeFileSync(
    join(dir, "results.json"),
    JSON.stringify({ title, summaries, skipped: run.skipped, results: run.results }, null, 1),
  );
  return { summaries, files: ["report.md", "results.json", ...charts], markdown };
}
