import { createHash } from "node:crypto";
import type { EnrichKind } from "../ai/prompts/enrich";

/**
 * The cache key of one enrichment: kind, prompt version and the content the model reads. A context
 * reads the whole decision too (its hash), atomic questions only the chunk. The key holds no corpus
 * or chunk id: the same decision in a second corpus, or re-indexed, finds its outputs again. The
 * model is not in it: changing the model keeps what was made (a re-run is a new prompt version).
 */
export function enrichCacheKey(
  kind: EnrichKind,
  promptVersion: number,
  input: { chunkHash: string; decisionHash?: string },
): string {
  const decision = kind === "context" ? (input.decisionHash ?? "") : "";
  return createHash("sha256")
    .update(`${kind}\u0000${promptVersion}\u0000${decision}\u0000${input.chunkHash}`)
    .digest("hex")
    .slice(0, 40);
}
