import { type AnnGraph, OVERSAMPLE } from "./ann-graph";
import type { AnnOptions } from "./ann-options";

/**
 * How DenseIndex (dense-index.ts) gathers one corpus's candidates for a search: from its graph, with
 * a filter on other fields than the corpus handled as explained there, or exactly.
 */

export interface DenseScope {
  allowed: (slot: number) => boolean;
  /** The corpora the filter allows (undefined: every one). */
  corpora?: Set<string>;
  /** True when the filter restricts nothing but the corpus. */
  corpusOnly: boolean;
}

/** One corpus's vectors of one size, and their graph once there is one. */
export interface Group {
  key: string;
  dims: number;
  corpus: string;
  slots: Set<number>;
  graph?: AnnGraph;
  /** Slots waiting for insertion into the graph. */
  pending: Set<number>;
  /** usearch failed on this group's graph: exact search only (dense-index.ts). */
  failed?: boolean;
}

/** A filtered walk widened up to this many times `ef` before the search goes exact. */
const MAX_WANTED_EF = 16;

/**
 * Four running sums instead of one: independent additions pipeline, twice as fast at 1,024
 * dimensions (each float32 product is exact in float64; only the order of the sums differs).
 */
export function dot(v: Float32Array, q: Float32Array): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const n = v.length - (v.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    a += (v[i] as number) * (q[i] as number);
    b += (v[i + 1] as number) * (q[i + 1] as number);
    c += (v[i + 2] as number) * (q[i + 2] as number);
    d += (v[i + 3] as number) * (q[i + 3] as number);
  }
  for (; i < v.length; i++) a += (v[i] as number) * (q[i] as number);
  return a + b + c + d;
}

/** The share of a graph's live vectors `allowed` lets through, estimated on ~2,000 of them. */
function share(graph: AnnGraph, allowed: (slot: number) => boolean): number {
  const step = Math.max(1, Math.floor(graph.count / 2_000));
  let seen = 0;
  let kept = 0;
  for (const slot of graph.sample(step)) {
    seen += 1;
    if (allowed(slot)) kept += 1;
  }
  return seen ? kept / seen : 0;
}

/**
 * The group's candidate slots for the `k` best: from its graph (true), or all of its allowed ones
 * (false: exact), appended to `out`.
 */
export function candidates(
  group: Group,
  options: AnnOptions,
  query: Float32Array,
  k: number,
  scope: DenseScope,
  out: number[],
): boolean {
  const graph = group.graph;
  const all = () => {
    for (const slot of group.slots) if (scope.allowed(slot)) out.push(slot);
  };
  if (!graph || graph.live < options.minVectors) {
    all();
    return false;
  }
  let wanted = k * OVERSAMPLE;
  if (!scope.corpusOnly) {
    const allowed = share(graph, scope.allowed);
    if (allowed < options.exactFraction || allowed * graph.live < options.minVectors) {
      all();
      return false;
    }
    // The walk visits `ef` nodes whatever is asked: returning that many costs little more.
    wanted = Math.max(Math.ceil(wanted / allowed), options.ef);
  }
  let found = graph.search(query, wanted).filter(scope.allowed);
  // Too few passed (the filter and the query's neighbourhood are correlated): a wider walk, then
  // exact search rather than fewer than k.
  while (found.length < Math.min(k, graph.live) && wanted < graph.live) {
    if (wanted >= MAX_WANTED_EF * options.ef) {
      all();
      return false;
    }
    wanted *= 4;
    found = graph.search(query, wanted).filter(scope.allowed);
  }
  out.push(...found);
  for (const slot of group.pending) if (scope.allowed(slot)) out.push(slot);
  return true;
}
