import type { BenchmarkItem } from "./benchmark";
import type { Interval } from "./bootstrap";
import { flattenFingerprint } from "./fingerprint";
import { ALL_METRICS, HEADLINE, type MetricDef } from "./metric-defs";
import { partialReplayLine, partialReplayTotal } from "./replay-gaps";
import type { ItemResult } from "./run-eval";
import { SYSTEMS } from "./systems";
import type { SavedRun } from "./write-report";

/**
 * Two saved runs side by side: what changed in what the results depend on (fingerprints), how each
 * metric moved, and which questions flipped — the first thing to read when a figure changes.
 */
export interface RunComparison {
  a: { title: string; createdAt: string };
  b: { title: string; createdAt: string };
  onlyIn: { a: string[]; b: string[] };
  changes: { system: string; kind: string; key: string; a: string; b: string }[];
  /** Every metric of the systems in both runs; `changed` when the estimate moved. */
  metrics: { system: string; label: string; metric: string; a?: Interval; b?: Interval; changed: boolean }[];
  flips: { system: string; itemId: string; question: string; metric: string; a: number; b: number }[];
  /** Each run's partial-replay warning ("" when its replies covered every question). */
  partial: { a: string; b: string };
}

const systemsOf = (run: SavedRun) => run.summaries.map((s) => s.id);

function headlineValues(run: SavedRun, system: string, kind: BenchmarkItem["kind"]): Map<string, number> {
  const def = ALL_METRICS.find((m) => m.key === HEADLINE[kind]) as MetricDef;
  const items = new Map(run.items.map((i) => [i.id, i]));
  const out = new Map<string, number>();
  for (const result of run.results as ItemResult[]) {
    const item = items.get(result.itemId);
    if (result.system !== system || result.error || item?.kind !== kind) continue;
    // "LLM only" retrieves nothing: its retrieval rows are not results (as in the report).
    if (kind === "retrieval" && SYSTEMS.find((s) => s.id === system)?.kind === "llm-only") continue;
    const v = def.value({ item, result });
    if (typeof v === "number") out.set(item.id, v);
  }
  return out;
}

export function compareRuns(a: SavedRun, b: SavedRun): RunComparison {
  const inA = systemsOf(a);
  const inB = systemsOf(b);
  const both = inA.filter((s) => inB.includes(s));
  const changes: RunComparison["changes"] = [];
  for (const system of both) {
    const kinds = new Set([...Object.keys(a.fingerprints[system] ?? {}), ...Object.keys(b.fingerprints[system] ?? {})]);
    for (const kind of kinds) {
      const fa = flattenFingerprint(a.fingerprints[system]?.[kind as BenchmarkItem["kind"]] ?? {});
      const fb = flattenFingerprint(b.fingerprints[system]?.[kind as BenchmarkItem["kind"]] ?? {});
      for (const key of new Set([...Object.keys(fa), ...Object.keys(fb)])) {
        if (fa[key] !== fb[key]) changes.push({ system, kind, key, a: fa[key] ?? "–", b: fb[key] ?? "–" });
      }
    }
  }
  const metrics: RunComparison["metrics"] = [];
  for (const system of both) {
    const sa = a.summaries.find((s) => s.id === system);
    const sb = b.summaries.find((s) => s.id === system);
    for (const def of ALL_METRICS) {
      const ma = sa?.metrics[def.key];
      const mb = sb?.metrics[def.key];
      const changed = Math.abs((ma?.estimate ?? Number.NaN) - (mb?.estimate ?? Number.NaN)) > 1e-9 || !ma !== !mb;
      // A run whose figures are partly fallbacks (partial replay) says so beside its name.
      const marks = [
        sa && partialReplayTotal(sa) ? `A${partialReplayTotal(sa)}` : "",
        sb && partialReplayTotal(sb) ? `B${partialReplayTotal(sb)}` : "",
      ]
        .filter(Boolean)
        .join(", ");
      const label = `${sb?.label ?? system}${marks ? ` (${marks})` : ""}`;
      if (ma || mb) metrics.push({ system, label, metric: def.key, a: ma, b: mb, changed });
    }
  }
  const question = new Map([...a.items, ...b.items].map((i) => [i.id, i.question]));
  const flips: RunComparison["flips"] = [];
  for (const system of both) {
    for (const kind of ["retrieval", "yesno"] as const) {
      const va = headlineValues(a, system, kind);
      const vb = headlineValues(b, system, kind);
      for (const [id, x] of va) {
        const y = vb.get(id);
        if (y !== undefined && Math.abs(x - y) > 1e-9) {
          flips.push({ system, itemId: id, question: question.get(id) ?? "", metric: HEADLINE[kind], a: x, b: y });
        }
      }
    }
  }
  flips.sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a));
  return {
    a: { title: a.title, createdAt: a.createdAt },
    b: { title: b.title, createdAt: b.createdAt },
    onlyIn: { a: inA.filter((s) => !inB.includes(s)), b: inB.filter((s) => !inA.includes(s)) },
    changes,
    metrics,
    flips,
    partial: { a: partialReplayLine(a.summaries), b: partialReplayLine(b.summaries) },
  };
}
