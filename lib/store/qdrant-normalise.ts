import { BM25_B, BM25_K1, bm25Tf } from "./bm25";
import type { QdrantNodes } from "./qdrant-nodes";
import type { Payload, QdrantFilter } from "./qdrant-payload";
import { averageLength, corpusLengths } from "./qdrant-sparse";

/**
 * Brings a corpus's BM25 weights to the corpus's current average length (docs/qdrant.md, "BM25
 * parity"). A point's sparse weights carry the average length of the moment it was written
 * (`bm25_avg` in its payload); an import writes batch after batch, each with the average of the
 * corpus so far, so at its end the store calls this: every point whose `bm25_avg` differs from the
 * corpus's exact average gets its weights recomputed — each weight turned back into its term
 * frequency with the point's length and old average, then saturated again with the new average —
 * and `bm25_avg` set, in one batch request per page. Rankings then equal the embedded store's.
 *
 * Term frequencies are whole numbers, so the inverted value is rounded when it is within 1e-3 of
 * one (Qdrant keeps f32 weights: ~1e-4 error on the inverted tf even at tf = 100); a weight that is
 * the sum of two terms sharing a hash index is not a saturation of one tf and is kept as inverted.
 */

const PAGE = 256;

/** The weight saturated with `average` from one saturated with `from` (bm25Tf inverted, then re-applied). */
export function resaturate(weight: number, length: number, from: number, average: number): number {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * length) / (from || 1));
  const room = BM25_K1 + 1 - weight;
  if (room <= 0) return weight;
  const tf = (weight * norm) / room;
  const whole = Math.round(tf);
  return bm25Tf(whole >= 1 && Math.abs(tf - whole) < 1e-3 ? whole : tf, length, average);
}

type SparseVector = { indices: number[]; values: number[] };

interface ScrolledPoint {
  id: string | number;
  payload?: Record<string, unknown> | null;
  vector?: Record<string, unknown> | unknown[] | null;
}

export interface NormaliseResult {
  /** The corpus's exact average chunk length (tokens). */
  average: number;
  /** Points whose weights were rewritten. */
  rewritten: number;
  /** Points written before `bm25_avg` existed: their old average is unknown; a re-index fixes them. */
  unknown: number;
}

export async function normaliseCorpus(
  nodes: QdrantNodes,
  collection: string,
  corpusId: string,
): Promise<NormaliseResult> {
  const corpus: Payload = { key: "corpus_id", match: { value: corpusId } };
  const stats = await nodes.run("corpus lengths", (c) => corpusLengths(c, collection, { must: [corpus] }));
  const average = averageLength(stats, []);
  // Exact equality on a float payload: a range with both bounds at the value written.
  const stale: QdrantFilter = {
    must: [corpus],
    must_not: [{ key: "bm25_avg", range: { gte: average, lte: average } }],
  };
  let rewritten = 0;
  let unknown = 0;
  let offset: string | number | undefined;
  do {
    const page = await nodes.run("scroll stale weights", (c) =>
      c.scroll(collection, {
        filter: stale,
        limit: PAGE,
        offset,
        with_payload: ["token_count", "bm25_avg"],
        with_vector: ["bm25"],
      }),
    );
    const updates: { id: string | number; vector: { bm25: SparseVector } }[] = [];
    for (const point of page.points as ScrolledPoint[]) {
      const length = Number(point.payload?.token_count);
      const from = Number(point.payload?.bm25_avg);
      const sparse = (point.vector as Record<string, SparseVector> | undefined)?.bm25;
      if (!Number.isFinite(length) || !Number.isFinite(from) || !sparse) {
        unknown += 1;
        continue;
      }
      updates.push({
        id: point.id,
        vector: {
          bm25: { indices: sparse.indices, values: sparse.values.map((w) => resaturate(w, length, from, average)) },
        },
      });
    }
    if (updates.length > 0) {
      const points = updates.map((u) => u.id);
      // One request: the weights and the average they now carry change together.
      await nodes.run("rewrite weights", (c) =>
        c.batchUpdate(collection, {
          wait: true,
          operations: [
            { update_vectors: { points: updates } },
            { set_payload: { payload: { bm25_avg: average }, points } },
          ],
        }),
      );
      rewritten += updates.length;
    }
    const next = page.next_page_offset;
    offset = typeof next === "string" || typeof next === "number" ? next : undefined;
  } while (offset !== undefined);
  return { average, rewritten, unknown };
}
