import { yieldIfBusy } from "../jobs/time-slice";
import type { VectorStore } from "../store/types";
import type { ParsedDecision } from "../text/decision";
import { tokenizeKo } from "../text/tokenize-ko";
import { chunkDecision } from "./chunk";
import { type EmbeddingCache, embedWithCache } from "./embedding-cache";
import { sha256 } from "./sources";

export interface Embedder {
  model: string;
  /** `signal` aborts a slow request when the job is cancelled or its process stops. */
  embed: (texts: string[], signal?: AbortSignal) => Promise<number[][]>;
  cache: EmbeddingCache;
}

export interface IndexContext {
  corpusId: string;
  store: VectorStore;
  chunkSize: number;
  chunkOverlap: number;
  /** Absent when no embeddings endpoint is configured: the corpus is indexed sparse-only. */
  embedder?: Embedder;
  /**
   * Called between decisions and before the store write: gives the event loop its turn and may
   * throw to stop the job (cancel). Never called once the store has been written.
   */
  checkpoint?: () => Promise<void>;
  /** Aborts embedding requests in flight when the job must stop. */
  signal?: AbortSignal;
}

export interface IndexedDocument {
  decision: ParsedDecision;
  contentHash: string;
  chunkCount: number;
  /** Its chunks (id, section, text), for the viewer's map of where each starts (decision-parts.ts). */
  chunks: { id: string; section: string; text: string }[];
}

/** A decision's identity for "has it changed?": metadata and section texts, not file bytes or encoding. */
export function decisionHash(decision: ParsedDecision): string {
  return sha256(JSON.stringify([decision.meta, decision.sections]));
}

/**
 * Chunks, tokenizes, embeds and stores a batch of decisions. Everything that can fail (embedding
 * calls) happens before the store is touched, so a failure leaves the decisions' previous chunks
 * in place; then each decision's old chunks are replaced by the new ones (new ones written first).
 */
export async function indexDecisions(
  decisions: ParsedDecision[],
  ctx: IndexContext,
  /** Case numbers already in the store: their old chunks are replaced by the new ones. */
  existing: ReadonlySet<string> = new Set(),
): Promise<{ documents: IndexedDocument[]; chunks: number; embedded: number }> {
  const checkpoint = ctx.checkpoint ?? (async () => void (await yieldIfBusy()));
  const prepared: { decision: ParsedDecision; chunks: ReturnType<typeof chunkDecision>; tokens: string[][] }[] = [];
  for (const decision of decisions) {
    const chunks = chunkDecision(decision, {
      corpusId: ctx.corpusId,
      chunkSize: ctx.chunkSize,
      chunkOverlap: ctx.chunkOverlap,
    });
    const tokens: string[][] = [];
    for (const chunk of chunks) {
      tokens.push(tokenizeKo(chunk.text));
      await yieldIfBusy();
    }
    prepared.push({ decision, chunks, tokens });
    await checkpoint();
  }
  const allChunks = prepared.flatMap((p) => p.chunks);

  let vectors: number[][] | undefined;
  let embedded = 0;
  if (ctx.embedder && allChunks.length > 0) {
    const { model, cache, embed } = ctx.embedder;
    const result = await embedWithCache(
      allChunks.map((c) => ({ hash: c.contentHash, text: c.text })),
      model,
      cache,
      (texts) => embed(texts, ctx.signal),
    );
    vectors = result.vectors;
    embedded = result.embedded;
  }

  await checkpoint();
  // One write for the whole batch: embedded stores are far faster with few large appends. Decisions
  // indexed before are replaced new-chunks-first, so a failed write never leaves one without chunks.
  const tokens = prepared.flatMap((p) => p.tokens);
  const items = allChunks.map((chunk, i) => ({ chunk, tokens: tokens[i] ?? [], vector: vectors?.[i] }));
  const replaced = prepared.map((p) => p.decision.meta.caseNo).filter((caseNo) => existing.has(caseNo));
  if (items.length > 0 || replaced.length > 0) await ctx.store.replaceDocuments(ctx.corpusId, replaced, items);

  return {
    documents: prepared.map((p) => ({
      decision: p.decision,
      contentHash: decisionHash(p.decision),
      chunkCount: p.chunks.length,
      chunks: p.chunks.map(({ id, section, text }) => ({ id, section, text })),
    })),
    chunks: allChunks.length,
    embedded,
  };
}
