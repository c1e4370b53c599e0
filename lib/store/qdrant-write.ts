import { AppError } from "../errors";
import { isTooLarge } from "./qdrant-client";
import type { QdrantNodes } from "./qdrant-nodes";
import { documentsFilter, type Payload, pointId, type QdrantFilter, toPayload } from "./qdrant-payload";
import { averageLength, corpusLengths, documentSparseVector } from "./qdrant-sparse";
import type { IndexedChunk } from "./types";

/** How chunks become upsert requests: points, and batches bounded by points and by bytes. */

/**
 * Qdrant refuses requests over `service.max_request_size_mb` (32 MB by default); 256 points of
 * 4,096 floats are ~25 MB of JSON, so batches stop at 8 MiB as well as at 256 points.
 */
export const UPSERT_LIMITS = { points: 256, bytes: 8 * 1024 * 1024 };

export type Point = {
  id: string;
  vector: Record<string, number[] | { indices: number[]; values: number[] }>;
  payload: Payload;
};

export function toPoint(item: IndexedChunk, averageLength: number): Point {
  return {
    id: pointId(item.chunk.id),
    vector: {
      ...(item.vector?.length ? { dense: item.vector } : {}),
      bm25: documentSparseVector(item.tokens, averageLength),
    },
    // The average the weights carry: qdrant-normalise.ts reads it to bring them to the corpus's current one.
    payload: { ...toPayload(item.chunk, item.tokens.length), bm25_avg: averageLength },
  };
}

/** Consecutive batches within `limits`, measured on the JSON actually sent (a lone oversized point goes alone). */
export function* batches(points: Iterable<Point>, limits: { points: number; bytes: number }): Generator<Point[]> {
  const envelope = Buffer.byteLength('{"points":[]}');
  let batch: Point[] = [];
  let bytes = envelope;
  for (const point of points) {
    const size = Buffer.byteLength(JSON.stringify(point)) + 1;
    if (batch.length > 0 && (batch.length >= limits.points || bytes + size > limits.bytes)) {
      yield batch;
      batch = [];
      bytes = envelope;
    }
    batch.push(point);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

export function byCorpus(items: IndexedChunk[]): Map<string, IndexedChunk[]> {
  const groups = new Map<string, IndexedChunk[]>();
  for (const item of items) {
    const group = groups.get(item.chunk.corpusId);
    if (group) group.push(item);
    else groups.set(item.chunk.corpusId, [item]);
  }
  return groups;
}

/**
 * The corpus's points that stay as they are through this write: not the ones about to be
 * overwritten (same ids), nor those of the decisions being replaced.
 */
export function untouchedFilter(corpusId: string, items: IndexedChunk[], replacedCaseNos: string[]): QdrantFilter {
  const replaced = replacedCaseNos.length ? documentsFilter(corpusId, replacedCaseNos).must?.slice(1) : [];
  return {
    must: [{ key: "corpus_id", match: { value: corpusId } }],
    must_not: [{ has_id: items.map((i) => pointId(i.chunk.id)) }, ...(replaced ?? [])],
  };
}

/**
 * Writes `items` as points: BM25 weights at each corpus's average length as it will be after this
 * write (the points that stay, plus these; finishWrites makes it exact at the end of a job), in
 * bounded batches.
 */
export async function writePoints(
  nodes: QdrantNodes,
  collection: string,
  items: IndexedChunk[],
  replacedCaseNos: string[],
  limits: { points: number; bytes: number },
): Promise<void> {
  const averages = new Map<string, number>();
  for (const [corpusId, group] of byCorpus(items)) {
    const filter = untouchedFilter(corpusId, group, replacedCaseNos);
    const existing = await nodes.run("corpus lengths", (c) => corpusLengths(c, collection, filter));
    averages.set(
      corpusId,
      averageLength(
        existing,
        group.map((i) => i.tokens.length),
      ),
    );
  }
  const points = items.map((item) => toPoint(item, averages.get(item.chunk.corpusId) ?? 1));
  for (const batch of batches(points, limits)) await upsertBatch(nodes, collection, batch);
}

/** One upsert; one Qdrant refuses for its size (a lower max_request_size_mb) goes again in halves. */
async function upsertBatch(nodes: QdrantNodes, collection: string, batch: Point[]): Promise<void> {
  try {
    await nodes.run("upsert", (c) => c.upsert(collection, { wait: true, points: batch }));
  } catch (error) {
    if (batch.length < 2 || !(error instanceof AppError && isTooLarge(error.cause))) throw error;
    const half = Math.ceil(batch.length / 2);
    await upsertBatch(nodes, collection, batch.slice(0, half));
    await upsertBatch(nodes, collection, batch.slice(half));
  }
}
