import { atomsMessages, contextMessages, type EnrichKind, type EnrichMessages } from "../ai/prompts/enrich";
import type { ChunkState, EnrichDocument } from "../db/corpus-enrichment";
import { loadDecisionRecord } from "../ingest/decision-archive";
import type { VectorStore } from "../store/types";
import { type Chunk, SECTIONS } from "../text/decision";
import { enrichCacheKey } from "./cache-key";

/**
 * One decision's share of an enrichment job: its chunks (read from the main index), each chunk's
 * cache key, and which ones still need anything. A chunk needs nothing when it is done with the
 * current key and the side index holds it; a retry-only job takes only the failed ones.
 */
export interface DocPlan {
  doc: EnrichDocument;
  chunks: Chunk[];
  keys: Map<string, string>;
  /** Chunks to resolve (cache or model). */
  pending: Chunk[];
  /** Chunk states of this decision whose chunk is gone (re-chunked): to forget. */
  stale: string[];
  /** The decision text for context prompts (from the archive; the chunks when it is missing). */
  text?: string;
}

/** The decision as the model reads it: its sections in order, cut to `maxChars`. */
export function decisionText(record: Record<string, string> | null, chunks: Chunk[], maxChars: number): string {
  const text = record
    ? SECTIONS.flatMap((name) => (record[name] ? [`【${name}】\n${record[name]}`] : [])).join("\n\n")
    : chunks.map((c) => c.text).join("\n\n");
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n…(이하 생략)` : text;
}

export async function planDocument(
  doc: EnrichDocument,
  input: {
    corpusId: string;
    kind: EnrichKind;
    promptVersion: number;
    store: VectorStore;
    states: Map<string, ChunkState>;
    statesByCase: Map<string, string[]>;
    retryOnly: boolean;
    dataDir: string;
    docMaxChars: number;
  },
): Promise<DocPlan> {
  const chunks = await input.store.getDocumentChunks(input.corpusId, doc.caseNo);
  const keys = new Map(
    chunks.map((c) => [
      c.id,
      enrichCacheKey(input.kind, input.promptVersion, { chunkHash: c.contentHash, decisionHash: doc.contentHash }),
    ]),
  );
  const ids = new Set(chunks.map((c) => c.id));
  const stale = (input.statesByCase.get(doc.caseNo) ?? []).filter((id) => !ids.has(id));
  const pending = chunks.filter((c) => {
    const state = input.states.get(c.id);
    const settled = state?.status === "done" && state.cacheKey === keys.get(c.id) && state.indexed;
    return input.retryOnly ? state?.status === "failed" : !settled;
  });
  const plan: DocPlan = { doc, chunks, keys, pending, stale };
  if (input.kind === "context" && pending.length > 0) {
    const record = loadDecisionRecord(input.dataDir, input.corpusId, doc.caseNo);
    plan.text = decisionText(record, chunks, input.docMaxChars);
  }
  return plan;
}

export function messagesFor(kind: EnrichKind, plan: DocPlan, chunk: Chunk): EnrichMessages {
  const head = {
    caseNo: plan.doc.caseNo,
    caseName: plan.doc.caseName,
    court: plan.doc.court,
    decisionDate: plan.doc.decisionDate,
  };
  return kind === "context" ? contextMessages(head, plan.text ?? "", chunk) : atomsMessages(head, chunk);
}
