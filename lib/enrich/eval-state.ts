import { ATOMS_PROMPT_VERSION, CONTEXT_PROMPT_VERSION } from "../ai/prompts/enrich";
import { enrichmentSummary, getCorpusEnrichment } from "../db/corpus-enrichment";
import type { VectorStore } from "../store/types";
import { ContextualStore, type Switches } from "./contextual-store";

/**
 * What an evaluation's results depend on from enrichment, for its cache key (lib/eval/fingerprint.ts):
 * the prompt versions, which chunks hold which output (a digest), the corpus's switches and whether
 * its contextual index can be searched now.
 */
export interface EnrichmentState {
  context: { promptVersion: number; switches: Switches; ready: boolean; digest: string; done: number; failed: number };
  atoms: { promptVersion: number; digest: string; done: number; failed: number };
}

export async function enrichmentState(corpusId: string, store: VectorStore): Promise<EnrichmentState> {
  const [row, context, atoms] = await Promise.all([
    getCorpusEnrichment(corpusId),
    enrichmentSummary(corpusId, "context"),
    enrichmentSummary(corpusId, "atoms"),
  ]);
  const ready =
    store instanceof ContextualStore
      ? (await store.withSwitches({ bm25: true, dense: true }).routing()).sparse.has(corpusId)
      : false;
  return {
    context: {
      promptVersion: CONTEXT_PROMPT_VERSION,
      switches: { bm25: row.contextBm25, dense: row.contextDense },
      ready,
      digest: context.digest,
      done: context.done,
      failed: context.failed,
    },
    atoms: { promptVersion: ATOMS_PROMPT_VERSION, digest: atoms.digest, done: atoms.done, failed: atoms.failed },
  };
}
