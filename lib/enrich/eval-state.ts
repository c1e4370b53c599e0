import { ATOMS_PROMPT_VERSION, CONTEXT_PROMPT_VERSION } from "../ai/prompts/enrich";
import { contextCoverage, enrichmentSummary, getCorpusEnrichment } from "../db/corpus-enrichment";
import type { VectorStore } from "../store/types";
import { type ContextIndexState, ContextualStore, type Switches } from "./contextual-store";

/**
 * What an evaluation's results depend on from enrichment, for its cache key (lib/eval/fingerprint.ts):
 * the prompt versions, which chunks hold which output (a digest), the corpus's switches and whether
 * its contextual index can be searched now. `index`, `decisions` and `withContext` say how far the
 * contextual index is from the corpus (the evaluation refuses a contextual system unless it is all
 * there); they are not in the cache key (`ready` and the digest are).
 */
export interface EnrichmentState {
  context: {
    promptVersion: number;
    switches: Switches;
    ready: boolean;
    index: ContextIndexState;
    /** The corpus's decisions, and those with a context in the contextual index. */
    decisions: number;
    withContext: number;
    digest: string;
    done: number;
    failed: number;
  };
  atoms: { promptVersion: number; digest: string; done: number; failed: number };
}

export async function enrichmentState(corpusId: string, store: VectorStore): Promise<EnrichmentState> {
  const [row, context, atoms, coverage] = await Promise.all([
    getCorpusEnrichment(corpusId),
    enrichmentSummary(corpusId, "context"),
    enrichmentSummary(corpusId, "atoms"),
    contextCoverage(corpusId),
  ]);
  // The routing's own test (contextual-store.ts): a system searches the contextual index only when it holds.
  const index: ContextIndexState = store instanceof ContextualStore ? await store.indexState(corpusId) : "none";
  return {
    context: {
      promptVersion: CONTEXT_PROMPT_VERSION,
      switches: { bm25: row.contextBm25, dense: row.contextDense },
      ready: index === "current",
      index,
      decisions: coverage.decisions,
      withContext: coverage.withContext,
      digest: context.digest,
      done: context.done,
      failed: context.failed,
    },
    atoms: { promptVersion: ATOMS_PROMPT_VERSION, digest: atoms.digest, done: atoms.done, failed: atoms.failed },
  };
}
