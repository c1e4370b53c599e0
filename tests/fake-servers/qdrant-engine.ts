/**
 * The part of Qdrant the stand-in (qdrant-server.ts) needs: points in memory, filters, and scoring
 * as Qdrant 1.19 computes it. Sources (qdrant/qdrant v1.19.0):
 *  - sparse with the IDF modifier: score = Σ over shared indices of q·idf·d, with
 *    idf = ln((N − df + 0.5)/(df + 0.5) + 1) (`QueryContext::fancy_idf`,
 *    lib/segment/src/data_types/query_context.rs); N and df over the points matching
 *    `params.idf.corpus` when given, else over the whole collection
 *    (`fill_corpus_idf_statistics` / `fill_global_idf_statistics`,
 *    lib/segment/src/index/sparse_index/sparse_vector_index/read_view/idf.rs). Weights are f32
 *    (`DimWeight`), so the arithmetic is rounded to f32 here too.
 *  - `params.idf` on a vector without the IDF modifier is refused (lib/shard/src/query/query_context.rs).
 *  - dense Cosine: vectors are normalised on write; the score is the dot product.
 */

export type Json = Record<string, unknown>;
export type SparseVector = { indices: number[]; values: number[] };

export interface StoredPoint {
  id: string;
  dense: Record<string, number[]>;
  sparse: Record<string, SparseVector>;
  payload: Json;
}

export interface CollectionConfig {
  dense: Record<string, { size: number; distance: string }>;
  sparse: Record<string, { modifier?: string }>;
  indexes: Record<string, unknown>;
}

export class QdrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const f32 = Math.fround;

const list = (c: unknown): Json[] => (c == null ? [] : Array.isArray(c) ? (c as Json[]) : [c as Json]);

function fieldMatches(value: unknown, cond: Json): boolean {
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const match = cond.match as Json | undefined;
  if (match) {
    if ("value" in match) return values.some((v) => v === match.value);
    if ("any" in match) return values.some((v) => (match.any as unknown[]).includes(v));
    if ("except" in match) return values.length > 0 && values.every((v) => !(match.except as unknown[]).includes(v));
    throw new QdrantError(400, `stand-in: unsupported match ${JSON.stringify(match)}`);
  }
  const range = cond.range as Record<string, number> | undefined;
  if (range) {
    return values.some(
      (v) =>
        typeof v === "number" &&
        (range.gte === undefined || v >= range.gte) &&
        (range.lte === undefined || v <= range.lte) &&
        (range.gt === undefined || v > range.gt) &&
        (range.lt === undefined || v < range.lt),
    );
  }
  throw new QdrantError(400, `stand-in: unsupported condition ${JSON.stringify(cond)}`);
}

function conditionMatches(point: StoredPoint, cond: Json): boolean {
  if ("has_id" in cond) return (cond.has_id as unknown[]).map(String).includes(point.id);
  if ("is_empty" in cond) {
    const v = point.payload[(cond.is_empty as Json).key as string];
    return v === undefined || v === null || (Array.isArray(v) && v.length === 0);
  }
  if ("must" in cond || "should" in cond || "must_not" in cond) return filterMatches(point, cond);
  if ("key" in cond) return fieldMatches(point.payload[cond.key as string], cond);
  throw new QdrantError(400, `stand-in: unsupported condition ${JSON.stringify(cond)}`);
}

export function filterMatches(point: StoredPoint, filter: Json | null | undefined): boolean {
  if (!filter) return true;
  const should = list(filter.should);
  return (
    list(filter.must).every((c) => conditionMatches(point, c)) &&
    list(filter.must_not).every((c) => !conditionMatches(point, c)) &&
    (should.length === 0 || should.some((c) => conditionMatches(point, c)))
  );
}

export function normalise(v: number[]): number[] {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => f32(x / norm));
}

export function denseScores(points: StoredPoint[], name: string, query: number[]): Map<string, number> {
  const q = normalise(query);
  const scores = new Map<string, number>();
  for (const p of points) {
    const v = p.dense[name];
    if (!v) continue;
    let s = 0;
    for (let i = 0; i < q.length; i++) s = f32(s + f32((q[i] as number) * (v[i] as number)));
    scores.set(p.id, s);
  }
  return scores;
}

/** Qdrant's `fancy_idf`, in f32 as `DimWeight`. */
export function qdrantIdf(n: number, df: number): number {
  return f32(Math.log(f32(f32(f32(n - df + 0.5) / f32(df + 0.5)) + 1)));
}

/**
 * Sparse scores; with the IDF modifier, the query weights are multiplied by idf over `population`
 * (the IDF corpus), then the dot product is taken with each document vector.
 */
export function sparseScores(
  points: StoredPoint[],
  name: string,
  query: SparseVector,
  idfPopulation: StoredPoint[] | undefined,
): Map<string, number> {
  const weights = new Map<number, number>();
  query.indices.forEach((index, i) => {
    weights.set(index, f32(query.values[i] as number));
  });
  if (idfPopulation) {
    const withVector = idfPopulation.filter((p) => p.sparse[name]);
    const n = withVector.length;
    for (const [index, w] of weights) {
      const df = withVector.filter((p) => p.sparse[name]?.indices.includes(index)).length;
      weights.set(index, f32(w * qdrantIdf(n, df)));
    }
  }
  const scores = new Map<string, number>();
  for (const p of points) {
    const v = p.sparse[name];
    if (!v) continue;
    let s = 0;
    let shared = false;
    v.indices.forEach((index, i) => {
      const w = weights.get(index);
      if (w === undefined) return;
      shared = true;
      s = f32(s + f32(w * (v.values[i] as number)));
    });
    if (shared) scores.set(p.id, s);
  }
  return scores;
}

/** `with_payload`: true, false, or the keys to include. */
export function selectPayload(payload: Json, selector: unknown): Json {
  if (!Array.isArray(selector)) return payload;
  return Object.fromEntries(Object.entries(payload).filter(([k]) => (selector as string[]).includes(k)));
}

export function selectVectors(point: StoredPoint, names: string[]): Json {
  const out: Json = {};
  for (const name of names) {
    if (point.dense[name]) out[name] = point.dense[name];
    else if (point.sparse[name]) out[name] = point.sparse[name];
  }
  return out;
}

/** `update_vectors` (also inside a batch update): the named vectors of existing points replaced. */
export function updateVectors(config: CollectionConfig, points: Map<string, StoredPoint>, update: Json): void {
  for (const p of update.points as Json[]) {
    const point = points.get(String(p.id));
    if (!point) throw new QdrantError(404, `Not found: No point with id ${String(p.id)} found`);
    for (const [vector, value] of Object.entries(p.vector as Json)) {
      if (Array.isArray(value)) point.dense[vector] = normalise(value as number[]);
      else {
        if (!config.sparse[vector])
          throw new QdrantError(400, `Wrong input: Not existing vector name error: ${vector}`);
        const v = value as SparseVector;
        point.sparse[vector] = { indices: v.indices, values: v.values.map(Math.fround) };
      }
    }
  }
}

/** `set_payload` on a list of points. */
export function setPayload(points: Map<string, StoredPoint>, update: Json): void {
  for (const id of update.points as unknown[]) {
    const point = points.get(String(id));
    if (point) Object.assign(point.payload, update.payload as Json);
  }
}
