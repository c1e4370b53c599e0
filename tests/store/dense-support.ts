import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmbeddedStore } from "@/lib/store/embedded-store";
import type { IndexStats } from "@/lib/store/index-protocol";
import type { ScoredChunk } from "@/lib/text/decision";

/** Helpers for the dense (HNSW) store tests. */

export const tmp = (name: string) => mkdtempSync(join(tmpdir(), `rar-${name}-`));

/**
 * Seeded vectors around 20 random centres (noise as large as the centre): neighbourhoods with some
 * structure, as embeddings have, and no exact duplicates.
 */
export function clustered(dims: number, seed: number): () => number[] {
  let state = seed;
  const uniform = () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647 - 0.5;
  };
  const centres = Array.from({ length: 20 }, () => Array.from({ length: dims }, uniform));
  return () => {
    const centre = centres[Math.floor((uniform() + 0.5) * centres.length)] as number[];
    return centre.map((x) => x + uniform());
  };
}

/** Waits until the index reflects every change and every graph has every vector inserted. */
export async function graphReady(store: EmbeddedStore, timeoutMs = 60_000): Promise<IndexStats> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const stats = await store.indexStats();
    const built = stats.graphs.length > 0 && stats.graphs.every((g) => g.pending === 0);
    if (stats.loaded && stats.cursor >= stats.head && built) return stats;
    if (performance.now() > deadline) throw new Error(`graph not ready: ${JSON.stringify(stats)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Share of the exact top k that the search found. */
export function recallAt(got: ScoredChunk[], want: ScoredChunk[], k: number): number {
  const wanted = new Set(want.slice(0, k).map((h) => h.chunk.id));
  return got.slice(0, k).filter((h) => wanted.has(h.chunk.id)).length / Math.max(1, wanted.size);
}
