import { outputsFor } from "../db/corpus-enrichment";
import type { Chunk, ScoredChunk } from "../text/decision";
import { readOutput } from "./parse-output";

/**
 * The contexts of chunks, looked up by chunk id in the app database and set on `chunk.context`
 * (never on the text): the evidence panel and the precedent viewer show them as context, the
 * answer model never sees them. Chunks without one are returned as they are.
 */
export async function withContexts<T extends { chunk: Chunk }>(items: T[]): Promise<T[]> {
  if (items.length === 0) return items;
  const byCorpus = new Map<string, string[]>();
  for (const { chunk } of items) {
    const ids = byCorpus.get(chunk.corpusId) ?? [];
    ids.push(chunk.id);
    byCorpus.set(chunk.corpusId, ids);
  }
  const found = new Map<string, string>();
  for (const [corpusId, ids] of byCorpus) {
    for (const [id, json] of await outputsFor(corpusId, "context", ids)) {
      const output = readOutput("context", json);
      if (output && "context" in output) found.set(`${corpusId}\u0000${id}`, output.context);
    }
  }
  if (found.size === 0) return items;
  return items.map((item) => {
    const context = found.get(`${item.chunk.corpusId}\u0000${item.chunk.id}`);
    return context ? { ...item, chunk: { ...item.chunk, context } } : item;
  });
}

export async function chunksWithContexts(chunks: Chunk[]): Promise<Chunk[]> {
  return (await withContexts(chunks.map((chunk) => ({ chunk })))).map((x) => x.chunk);
}

/** The atomic questions of chunks of one corpus (the precedent viewer lists them). */
export async function atomsOf(corpusId: string, chunkIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const [id, json] of await outputsFor(corpusId, "atoms", chunkIds)) {
    const output = readOutput("atoms", json);
    if (output && "questions" in output) out.set(id, output.questions);
  }
  return out;
}

export type { ScoredChunk };
