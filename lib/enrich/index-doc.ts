import { createHash } from "node:crypto";
import type { EnrichKind } from "../ai/prompts/enrich";
import { embedWithCache } from "../ingest/embedding-cache";
import type { Embedder } from "../ingest/index-decisions";
import type { IndexedChunk, VectorStore } from "../store/types";
import type { Chunk } from "../text/decision";
import { tokenizeKo } from "../text/tokenize-ko";
import type { EnrichOutput } from "./parse-output";
import { atomTagId } from "./side-stores";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * What the contextual index embeds and BM25-indexes for a chunk: its context, then its text. The
 * chunk record keeps the original text (the passage a lawyer reads and the answer model quotes).
 */
export const contextualText = (context: string, text: string) => `${context}\n\n${text}`;

/**
 * The side-index entries of one decision: for contexts, every chunk (one without a context, its
 * model call failed, as in the main index, so the contextual index always covers the whole corpus);
 * for atomic questions, one entry per question pointing to its chunk.
 */
export function sideItems(kind: EnrichKind, chunks: Chunk[], outputs: Map<string, EnrichOutput>) {
  const items: { chunk: Chunk; text: string }[] = [];
  for (const chunk of chunks) {
    const output = outputs.get(chunk.id);
    if (kind === "context") {
      const context = output && "context" in output ? output.context : undefined;
      items.push({ chunk, text: context ? contextualText(context, chunk.text) : chunk.text });
      continue;
    }
    const questions = output && "questions" in output ? output.questions : [];
    questions.forEach((question, n) => {
      items.push({
        chunk: { ...chunk, id: atomTagId(chunk.id, n), text: question, contentHash: sha256(question) },
        text: question,
      });
    });
  }
  return items;
}

/** Tokenizes and embeds (through the embedding cache) the entries, then replaces the decision's in the side index. */
export async function writeDocument(
  kind: EnrichKind,
  corpusId: string,
  caseNo: string,
  chunks: Chunk[],
  outputs: Map<string, EnrichOutput>,
  side: VectorStore,
  embedder: Embedder | undefined,
  signal?: AbortSignal,
): Promise<{ written: number; embedded: number }> {
  const entries = sideItems(kind, chunks, outputs);
  let vectors: number[][] | undefined;
  let embedded = 0;
  if (embedder && entries.length > 0) {
    const result = await embedWithCache(
      entries.map((e) => ({ hash: sha256(e.text), text: e.text })),
      embedder.model,
      embedder.cache,
      (texts) => embedder.embed(texts, signal),
    );
    vectors = result.vectors;
    embedded = result.embedded;
  }
  const items: IndexedChunk[] = entries.map((e, i) => ({
    chunk: e.chunk,
    tokens: tokenizeKo(e.text),
    vector: vectors?.[i],
  }));
  await side.replaceDocuments(corpusId, [caseNo], items);
  return { written: items.length, embedded };
}
