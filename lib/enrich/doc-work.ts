import type { EnrichKind } from "../ai/prompts/enrich";
import type { ChunkState } from "../db/corpus-enrichment";
import { getCached } from "../db/enrichment";
import { type EnrichOutput, readOutput } from "./parse-output";
import type { DocPlan } from "./plan";

/**
 * One decision's work in an enrichment run: the outputs it has (from the cache or the model), the
 * chunks that failed, and how many are still unresolved. A decision is written to the side index
 * (and its chunk states saved) once `left` reaches 0.
 */
export interface DocWork {
  plan: DocPlan;
  outputs: Map<string, EnrichOutput>;
  failed: Map<string, string>;
  left: number;
}

/**
 * The decision's settled chunks and those the cache already answers: no model call for them.
 * Returns the work and the pending chunks the cache resolved (each is done without a call). The
 * settled chunks' outputs are read too: the side index is written per decision, all chunks at once.
 */
export async function resolveFromCache(
  kind: EnrichKind,
  plan: DocPlan,
): Promise<{ work: DocWork; cachedPending: string[] }> {
  const work: DocWork = { plan, outputs: new Map(), failed: new Map(), left: plan.pending.length };
  const rewrite = plan.pending.length > 0 || plan.stale.length > 0;
  const keys = rewrite ? plan.chunks.map((c) => plan.keys.get(c.id) ?? "") : [];
  const cached = await getCached(keys);
  const cachedPending: string[] = [];
  for (const chunk of plan.chunks) {
    const entry = cached.get(plan.keys.get(chunk.id) ?? "");
    const output = entry ? readOutput(kind, entry.output) : undefined;
    if (!output) continue;
    work.outputs.set(chunk.id, output);
    if (plan.pending.includes(chunk)) {
      work.left -= 1;
      cachedPending.push(chunk.id);
    }
  }
  return { work, cachedPending };
}

/**
 * Each chunk's state once its decision is in the side index: done with its output, failed with
 * its error, or (neither: a settled chunk whose output the cache lost) as it was before.
 */
export function writtenStates(work: DocWork, previous: Map<string, ChunkState>): ChunkState[] {
  const { plan } = work;
  return plan.chunks.map((chunk) => {
    const base = { chunkId: chunk.id, caseNo: chunk.caseNo, cacheKey: plan.keys.get(chunk.id) ?? "", indexed: true };
    const failed = work.failed.get(chunk.id);
    if (failed) return { ...base, status: "failed", error: failed, attempts: previous.get(chunk.id)?.attempts ?? 1 };
    if (work.outputs.has(chunk.id)) return { ...base, status: "done", error: null, attempts: 0 };
    return previous.get(chunk.id) ?? { ...base, status: "failed", error: "결과 없음", attempts: 0 };
  });
}
