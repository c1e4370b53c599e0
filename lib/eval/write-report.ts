import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchmarkItem } from "./benchmark";
import type { BootstrapOptions } from "./bootstrap";
import { embedChartFont } from "./chart-font";
import { differenceSvg, metricBarsSvg, sweepLineSvg } from "./charts";
import { ALL_METRICS, HEADLINE } from "./metric-defs";
import { partialReplayMark } from "./replay-gaps";
import { type Summary, summarize } from "./report";
import { markdownReport } from "./report-markdown";
import type { EvalRun } from "./run-eval";
import { SYSTEMS, type SystemSpec } from "./systems";

/** What results.json holds: enough to redraw the report and to compare with another run. */
export interface SavedRun extends Summary {
  title: string;
  createdAt: string;
  items: BenchmarkItem[];
  skipped: EvalRun["skipped"];
  fingerprints: NonNullable<EvalRun["fingerprints"]>;
  results: EvalRun["results"];
  /** Where the model calls came from, when not the network (replayed) or where they went (recorded). */
  calls?: { mode: string; path: string; unrecorded?: string[] };
}

/** Writes report.md, results.json and the charts into `dir`; returns the summary and file names. */
export function writeReport(
  dir: string,
  title: string,
  items: BenchmarkItem[],
  run: EvalRun,
  systems: SystemSpec[],
  options: BootstrapOptions & { baseline?: string; calls?: SavedRun["calls"] } = {},
): { summary: Summary; files: string[]; markdown: string } {
  mkdirSync(join(dir, "charts"), { recursive: true });
  const summary = summarize(items, run, systems, options);
  const { summaries } = summary;
  const charts: string[] = [];
  const chart = (name: string, svg: string) => {
    writeFileSync(join(dir, name), embedChartFont(svg));
    charts.push(name);
  };
  // The charts name a partly replayed system as the tables do.
  const marked = (kind: BenchmarkItem["kind"]) => (s: Summary["summaries"][number]) => ({
    ...s,
    label: `${s.label}${partialReplayMark(s, kind)}`,
  });
  const retrieval = summaries
    .filter((s) => s.retrievalItems > 0 && !s.id.startsWith("sweep-"))
    .map(marked("retrieval"));
  if (retrieval.length) {
    chart(
      "charts/retrieval.svg",
      metricBarsSvg(retrieval, [
        { label: "Recall@20", value: (s) => s.metrics.recall20 },
        { label: "case NDCG@20", value: (s) => s.metrics.caseNdcg20 },
        { label: "MRR", value: (s) => s.metrics.mrr },
      ]),
    );
  }
  const answers = summaries.filter((s) => s.yesNoItems > 0).map(marked("yesno"));
  if (answers.length) {
    chart(
      "charts/answers.svg",
      metricBarsSvg(answers, [
        { label: "Accuracy", value: (s) => s.metrics.accuracy },
        { label: "F1 (예)", value: (s) => s.metrics.f1Yes },
        { label: "인용 정확도", value: (s) => s.metrics.citationPrecision },
        { label: "인용 근거율", value: (s) => s.metrics.citationSupportRate },
        { label: "정답 판례 인용률", value: (s) => s.metrics.goldCitationRate },
      ]),
    );
  }
  for (const kind of ["retrieval", "yesno"] as const) {
    const key = HEADLINE[kind];
    const rows = summary.comparisons.flatMap((c) => {
      const diff = c.diffs[key];
      const s = summaries.find((x) => x.id === c.system);
      return diff ? [{ label: s ? marked(kind)(s).label : c.system, diff }] : [];
    });
    const label = ALL_METRICS.find((m) => m.key === key)?.label ?? key;
    if (rows.length) chart(`charts/diff-${kind}.svg`, differenceSvg(rows, label));
  }
  const sweep = summaries.filter((s) => s.id.startsWith("sweep-") && s.retrievalItems > 0);
  if (sweep.length >= 2) {
    const points = sweep.map((s) => ({
      denseWeight: SYSTEMS.find((x) => x.id === s.id)?.settings?.denseWeight ?? 0,
      recall20: s.metrics.recall20?.estimate ?? 0,
      caseNdcg20: s.metrics.caseNdcg20?.estimate ?? 0,
    }));
    chart("charts/sweep.svg", sweepLineSvg(points));
  }
  const markdown = markdownReport(title, items, summary, run, charts, options.calls);
  writeFileSync(join(dir, "report.md"), markdown);
  const saved: SavedRun = {
    title,
    createdAt: new Date().toISOString(),
    items,
    ...summary,
    skipped: run.skipped,
    fingerprints: run.fingerprints ?? {},
    results: run.results,
    calls: options.calls,
  };
  writeFileSync(join(dir, "results.json"), JSON.stringify(saved, null, 1));
  return { summary, files: ["report.md", "results.json", ...charts], markdown };
}
