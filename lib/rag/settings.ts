import { z } from "zod";

/**
 * The query-time strategies' numbers (METHOD.md §2, §5). Multi-query samples at 0.5 as the method
 * says; the others write at 0. CC-RAG: the confidence weights, τ, Δk, the retry cap, the range of
 * the dynamic initial k and the context's token budget. Defaults come from the method where it
 * gives one; set from the environment by `strategySettingsFromEnv`.
 */
export const strategySettingsSchema = z.object({
  synonymTemperature: z.number().min(0).max(2).default(0),
  multiQueryTemperature: z.number().min(0).max(2).default(0.5),
  hydeTemperature: z.number().min(0).max(2).default(0),
  ccRag: z
    .object({
      /** Weights of mean token log-prob, answer length, informativeness and lexical overlap. */
      wLogprob: z.number().default(1),
      wLength: z.number().default(1),
      wInformative: z.number().default(1),
      wOverlap: z.number().default(2),
      tau: z.number().min(0).max(1).default(0.8),
      deltaK: z.number().int().positive().default(3),
      maxRetries: z.number().int().min(0).default(2),
      kMin: z.number().int().positive().default(2),
      kMax: z.number().int().positive().default(10),
      tokenBudget: z.number().int().positive().default(3000),
    })
    .prefault({}),
});

export type StrategySettings = z.infer<typeof strategySettingsSchema>;

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
  strategies: strategySettingsSchema.prefault({}),
});

export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;

export const DEFAULT_SETTINGS: PipelineSettings = pipelineSettingsSchema.parse({});
