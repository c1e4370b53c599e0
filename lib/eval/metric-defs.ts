import type { BenchmarkItem } from "./benchmark";
import {
  type Citations,
  citationPrecision,
  citationSupportRate,
  citesGold,
  type SupportCounts,
} from "./citation-metrics";
import { caseNdcgAtK, chunkNdcgAtK, mean, recallAtK, reciprocalRank, yesNoScores } from "./metrics";
import type { ItemResult } from "./run-eval";

/**
 * Every metric of the report as a per-question value and a reduction over questions, so the same
 * definition gives the point estimate, its bootstrap interval and a paired difference.
 */
export interface Row {
  item: BenchmarkItem;
  result: ItemResult;
}

interface Def<V> {
  key: string;
  label: string;
  kind: BenchmarkItem["kind"];
  /** undefined: the question does not count for this metric (e.g. no gold case to cite). */
  value: (row: Row) => V | undefined;
  reduce: (values: V[]) => number | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of metrics with different per-question value types
export type MetricDef = Def<any>;

const avg = (values: number[]) => (values.length ? mean(values) : undefined);
const gold = (row: Row) => row.item.gold_case_numbers;

function retrieval(key: string, label: string, f: (row: Row) => number): Def<number> {
  return { key, label, kind: "retrieval", value: f, reduce: avg };
}

export const RETRIEVAL_METRICS: MetricDef[] = [
  ...([10, 15, 20] as const).map((k) =>
    retrieval(`recall${k}`, `R@${k}`, (r) => recallAtK(r.result.ranked, gold(r), k)),
  ),
  ...([10, 15, 20] as const).map((k) =>
    retrieval(`caseNdcg${k}`, `cNDCG@${k}`, (r) => caseNdcgAtK(r.result.ranked, gold(r), k)),
  ),
  retrieval("chunkNdcg20", "chunk NDCG@20", (r) => chunkNdcgAtK(r.result.ranked, gold(r), 20)),
  retrieval("mrr", "MRR", (r) => reciprocalRank(r.result.ranked, gold(r))),
];

type Verdict = { label: "yes" | "no"; predicted: "yes" | "no" | null };
const label = (row: Row) => (row.item.kind === "yesno" ? row.item.label : undefined);

export const ANSWER_METRICS: MetricDef[] = [
  {
    key: "accuracy",
    label: "Accuracy",
    kind: "yesno",
    value: (r: Row) => (r.result.predicted === label(r) ? 1 : 0),
    reduce: avg,
  } satisfies Def<number>,
  {
    key: "f1Yes",
    label: "F1 (예)",
    kind: "yesno",
    value: (r: Row): Verdict | undefined => {
      const l = label(r);
      return l ? { label: l, predicted: r.result.predicted ?? null } : undefined;
    },
    reduce: (v: Verdict[]) => (v.length ? yesNoScores(v).f1Yes : undefined),
  } satisfies Def<Verdict>,
  {
    key: "citationPrecision",
    label: "인용 정확도",
    kind: "yesno",
    value: (r: Row) => r.result.citations,
    reduce: (v: Citations[]) => citationPrecision(v),
  } satisfies Def<Citations>,
  {
    key: "citationSupportRate",
    label: "인용 근거율",
    kind: "yesno",
    value: (r: Row) => r.result.support,
    reduce: (v: SupportCounts[]) => citationSupportRate(v),
  } satisfies Def<SupportCounts>,
  {
    key: "goldCitationRate",
    label: "정답 판례 인용률",
    kind: "yesno",
    value: (r: Row) =>
      r.result.citations && gold(r).length ? (citesGold(r.result.citations, gold(r)) ? 1 : 0) : undefined,
    reduce: avg,
  } satisfies Def<number>,
];

export const ALL_METRICS: MetricDef[] = [...RETRIEVAL_METRICS, ...ANSWER_METRICS];

/** The metric question-by-question wins and losses are counted on, per item kind. */
export const HEADLINE: Record<BenchmarkItem["kind"], string> = { retrieval: "caseNdcg20", yesno: "accuracy" };
