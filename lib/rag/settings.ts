import { z } from "zod";

/** Every number of the method is a setting with the paper's value as default (METHOD.md §1). */
export const pipelineSettingsSchema = z.object({
  /** Hybrid retrieval: dense vs BM25 weights (the paper's best split is 4:6). */
  denseWeight: z.number().min(0).max(1).default(0.4),
  sparseWeight: z.number().min(0).max(1).default(0.6),
  /**
   * How the two retrieval lists are combined: weighted RRF (default) or weighted min-max-normalised
   * scores. Measured on the dev set (scripts/measure-fusion.ts): RRF kept BM25's recall when the
   * dense list was weak (R@20 0.979 vs 0.915 for score fusion), and rank-based fusion does not
   * depend on how a given embedding model spreads its cosines.
   */
  hybridFusion: z.enum(["score", "rrf"]).default("rrf"),
  /** Chunks per query list (N), kept after RRF (M), kept after reranking (k). */
  topN: z.number().int().positive().default(30),
  topM: z.number().int().positive().default(30),
  topK: z.number().int().positive().default(20),
  rrfK: z.number().positive().default(60),
  temperature: z.number().min(0).max(2).default(0),
});

export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;

export const DEFAULT_SETTINGS: PipelineSettings = pipelineSettingsSchema.parse({});
