// Dense vectors for the ANN measurements (scripts/measure-ann.ts, scripts/bench-ingest.ts --dense N).
// Three kinds, because HNSW's recall depends on the data's structure:
//   random     uniform components (what bench:ingest always used): no neighbourhood structure at all,
//              every vector almost equally far from every other — the worst case for any graph index;
//   clustered  1,000 random centres, each vector a centre plus noise of the same norm (cosine ~0.5 to
//              its centre): topical groups, as real embeddings of decisions have;
//   text       the fake embedding of the chunk's text (tests/fake-servers/shared.ts: hashed bigrams)
//              mixed with 0.7 × that of another chunk's text picked at random, so that the benchmark's
//              replicated decisions (~36 copies of each text at 120k) are related documents rather than
//              clumps of near-duplicates (which no corpus has at that rate, and which defeat HNSW:
//              with noise alone, recall@30 stayed near 0.5); queries embed real questions unmixed.
import { fakeEmbedding } from "../tests/fake-servers/shared";

export type VectorKind = "random" | "clustered" | "text";
export const VECTOR_KINDS: VectorKind[] = ["random", "clustered", "text"];

/** A seeded generator of uniform numbers in [0, 1) (the LCG bench:ingest has always used). */
export function seeded(start: number): () => number {
  let seed = start;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

function normalize(v: Float32Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
  return v;
}

export interface VectorSource {
  /** The vector of a chunk, from its text (or not, by kind). */
  chunk(text: string): Float32Array;
  /** The vector of a query (a question's text). */
  query(text: string): Float32Array;
}

export function vectorSource(kind: VectorKind, dims: number, seed = 42): VectorSource {
  const uniform = seeded(seed);
  // Box–Muller: a Gaussian direction is uniform on the sphere once normalized.
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  const direction = () => normalize(Float32Array.from({ length: dims }, gaussian));
  if (kind === "random") {
    const next = () => Float32Array.from({ length: dims }, () => uniform() - 0.5);
    return { chunk: next, query: next };
  }
  if (kind === "clustered") {
    const centres = Array.from({ length: 1_000 }, direction);
    const member = () => {
      const centre = centres[Math.floor(uniform() * centres.length)] as Float32Array;
      const noise = direction();
      return normalize(centre.map((x, i) => x + (noise[i] as number)));
    };
    return { chunk: member, query: member };
  }
  const bases = new Map<string, Float32Array>();
  const seen: Float32Array[] = [];
  return {
    chunk(text) {
      let base = bases.get(text);
      if (!base) {
        base = Float32Array.from(fakeEmbedding(text, dims));
        bases.set(text, base);
        seen.push(base);
      }
      const partner = seen[Math.floor(uniform() * seen.length)] as Float32Array;
      return normalize(base.map((x, i) => x + 0.7 * (partner[i] as number)));
    },
    query: (text) => Float32Array.from(fakeEmbedding(text, dims)),
  };
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
}

/**
 * Recall@k of `got` against the exact scores, counting ties: a hit whose exact score reaches the
 * exact k-th score is a correct member of the top k (replicated texts give equal scores, and which of
 * the equals fills the last places is arbitrary).
 */
export function recallAtK(got: number[], exactScores: number[], scoreOf: (id: number) => number, k: number): number {
  const want = Math.min(k, exactScores.length);
  if (want === 0) return 1;
  const kth = exactScores[want - 1] as number;
  let hits = 0;
  for (const id of got.slice(0, want)) if (scoreOf(id) >= kth - 1e-6) hits += 1;
  return hits / want;
}

export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
