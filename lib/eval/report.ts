import type { BenchmarkItem } from "./benchmark";
import {
  type BootstrapOptions,
  bootstrapInterval,
  DEFAULT_RESAMPLES,
  DEFAULT_SEED,
  type Interval,
  resampleIndices,
} from "./bootstrap";
import { ALL_METRICS, HEADLINE, type MetricDef, type Row } from "./metric-defs";
import { goldRanks, recallAtK } from "./metrics";
import type { ReplayGaps } from "./replay-gaps";
import type { EvalRun } from "./run-eval";
import { type StrategyCounts, strategyCounts } from "./strategy-outcome";
import type { SystemSpec } from "./systems";

export interface SystemSummary {
  id: string;
  label: string;
  retrievalItems: number;
  yesNoItems: number;
  /** Every metric with its 95% bootstrap interval (absent when the system has no such questions). */
  metrics: Record<string, Interval | undefined>;
  unreadable: string[];
  errors: { itemId: string; error: string }[];
  misses: { itemId: string; gold: { caseNo: string; rank: number | null }[] }[];
  tokens: number;
  answerTokens: number;
  answerSeconds: number;
  seconds: number;
  fromCache: number;
  /** How many questions actually used each component (a failed step, a missing reranker). */
  used: { items: number; analytical: number; rationale: number; dense: number; reranked: number };
  /** The strategies' own steps, summed (absent for systems without any). */
  strategy?: StrategyCounts;
  /** Questions run without a recorded reply they needed (partial replay; absent in older runs). */
  replayGaps?: ReplayGaps;
}

export interface WinTable {
  kind: BenchmarkItem["kind"];
  metric: string;
  wins: number;
  ties: number;
  losses: number;
  /** The questions where the two differ: the baseline's value and the system's. */
  rows: { itemId: string; question: string; baseline: number; system: number }[];
}

export interface Comparison {
  system: string;
  baseline: string;
  /** Paired differences system − baseline with their 95% intervals. */
  diffs: Record<string, Interval | undefined>;
  wins: WinTable[];
}

export interface Summary {
  summaries: SystemSummary[];
  comparisons: Comparison[];
  baseline?: string;
  bootstrap: { resamples: number; seed: number };
}

function rowsOf(system: SystemSpec, items: Map<string, BenchmarkItem>, run: EvalRun): Row[] {
  return run.results.flatMap((result) => {
    const item = items.get(result.itemId);
    if (result.system !== system.id || result.error || !item) return [];
    if (item.kind === "retrieval" && system.kind === "llm-only") return [];
    return [{ item, result }];
  });
}

/** The rows a metric is defined on, as [itemId, value] pairs. */
function valuesOf(def: MetricDef, rows: Row[]): [string, unknown][] {
  return rows.flatMap((r) => {
    if (r.item.kind !== def.kind) return [];
    const v = def.value(r);
    return v === undefined ? [] : [[r.item.id, v] as [string, unknown]];
  });
}

export function summarize(
  items: BenchmarkItem[],
  run: EvalRun,
  systems: SystemSpec[],
  options: BootstrapOptions & { baseline?: string } = {},
): Summary {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const byId = new Map(items.map((i) => [i.id, i]));
  const samples = new Map<number, Uint32Array[]>();
  const samplesFor = (n: number) => {
    if (!samples.has(n)) samples.set(n, resampleIndices(n, { resamples, seed }));
    return samples.get(n) as Uint32Array[];
  };
  const interval = (def: MetricDef, values: unknown[]) =>
    bootstrapInterval(values.length, (idx) => def.reduce(Array.from(idx, (i) => values[i])), {
      samples: samplesFor(values.length),
    });

  const present = systems.filter((s) => run.results.some((r) => r.system === s.id));
  const rowsBySystem = new Map(present.map((s) => [s.id, rowsOf(s, byId, run)]));
  const summaries = present.map((system): SystemSummary => {
    const all = run.results.filter((r) => r.system === system.id);
    const rows = rowsBySystem.get(system.id) ?? [];
    const retrieval = rows.filter((r) => r.item.kind === "retrieval");
    const yesno = rows.filter((r) => r.item.kind === "yesno");
    const used = rows.map((r) => r.result.used).filter((u) => u !== undefined);
    const count = (k: "analytical" | "rationale" | "dense" | "reranked") => used.filter((u) => u[k]).length;
    const gaps = (rs: Row[]) => rs.filter((r) => r.result.used?.replayGaps?.length).length;
    return {
      id: system.id,
      label: system.label,
      retrievalItems: retrieval.length,
      yesNoItems: yesno.length,
      metrics: Object.fromEntries(
        ALL_METRICS.map((def) => [
          def.key,
          interval(
            def,
            valuesOf(def, rows).map(([, v]) => v),
          ),
        ]),
      ),
      unreadable: yesno.filter((r) => r.result.predicted === null).map((r) => r.item.id),
      errors: all.filter((r) => r.error).map((r) => ({ itemId: r.itemId, error: r.error ?? "" })),
      misses: retrieval
        .filter((r) => recallAtK(r.result.ranked, r.item.gold_case_numbers, 20) === 0)
        .map((r) => ({ itemId: r.item.id, gold: goldRanks(r.result.ranked, r.item.gold_case_numbers) })),
      tokens: all.reduce((n, r) => n + r.tokens, 0),
      answerTokens: all.reduce((n, r) => n + (r.answerTokens ?? 0), 0),
      answerSeconds: all.reduce((n, r) => n + (r.answerMs ?? 0), 0) / 1000,
      seconds: all.reduce((n, r) => n + r.ms, 0) / 1000,
      fromCache: all.filter((r) => r.fromCache).length,
      used: {
        items: used.length,
        analytical: count("analytical"),
        rationale: count("rationale"),
        dense: count("dense"),
        reranked: count("reranked"),
      },
      strategy: strategyCounts(rows.map((r) => r.result.strategy)),
      replayGaps: { retrieval: gaps(retrieval), yesno: gaps(yesno) },
    };
  });

  const baseline = options.baseline && rowsBySystem.has(options.baseline) ? options.baseline : undefined;
  const comparisons = baseline
    ? present
        .filter((s) => s.id !== baseline)
        .map((s) => compare(s.id, baseline, rowsBySystem.get(s.id) ?? [], rowsBySystem.get(baseline) ?? [], samplesFor))
    : [];
  return { summaries, comparisons, baseline, bootstrap: { resamples, seed } };
}

function compare(
  system: string,
  baseline: string,
  rows: Row[],
  baseRows: Row[],
  samplesFor: (n: number) => Uint32Array[],
): Comparison {
  const diffs: Comparison["diffs"] = {};
  for (const def of ALL_METRICS) {
    const mine = new Map(valuesOf(def, rows));
    const theirs = new Map(valuesOf(def, baseRows));
    const ids = [...mine.keys()].filter((id) => theirs.has(id));
    const a = ids.map((id) => mine.get(id));
    const b = ids.map((id) => theirs.get(id));
    diffs[def.key] = bootstrapInterval(
      ids.length,
      (idx) => {
        const x = def.reduce(Array.from(idx, (i) => a[i]));
        const y = def.reduce(Array.from(idx, (i) => b[i]));
        return x === undefined || y === undefined ? undefined : x - y;
      },
      { samples: samplesFor(ids.length) },
    );
  }
  const wins = (["retrieval", "yesno"] as const).flatMap((kind): WinTable[] => {
    const def = ALL_METRICS.find((d) => d.key === HEADLINE[kind]) as MetricDef;
    const mine = new Map(valuesOf(def, rows) as [string, number][]);
    const theirs = new Map(valuesOf(def, baseRows) as [string, number][]);
    const ids = [...mine.keys()].filter((id) => theirs.has(id));
    if (ids.length === 0) return [];
    const question = new Map(rows.map((r) => [r.item.id, r.item.question]));
    const table: WinTable = { kind, metric: def.key, wins: 0, ties: 0, losses: 0, rows: [] };
    for (const id of ids) {
      const s = mine.get(id) as number;
      const b = theirs.get(id) as number;
      if (Math.abs(s - b) < 1e-9) table.ties += 1;
      else {
        if (s > b) table.wins += 1;
        else table.losses += 1;
        table.rows.push({ itemId: id, question: question.get(id) ?? "", baseline: b, system: s });
      }
    }
    table.rows.sort((x, y) => Math.abs(y.system - y.baseline) - Math.abs(x.system - x.baseline));
    return [table];
  });
  return { system, baseline, diffs, wins };
}
