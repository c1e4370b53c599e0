import { type Env, env } from "../../env";
import { DEFAULT_SETTINGS, type PipelineSettings } from "../settings";

/** The pipeline's settings with the strategies' numbers from the environment (chat and evaluation). */
export function pipelineSettingsFromEnv(settings: Env = env()): PipelineSettings {
  return {
    ...DEFAULT_SETTINGS,
    strategies: {
      synonymTemperature: settings.SYNONYM_TEMPERATURE,
      multiQueryTemperature: settings.MULTI_QUERY_TEMPERATURE,
      hydeTemperature: settings.HYDE_TEMPERATURE,
      hydeSearch: DEFAULT_SETTINGS.strategies.hydeSearch,
      ccRag: {
        wLogprob: settings.CCRAG_W_LOGPROB,
        wLength: settings.CCRAG_W_LENGTH,
        wInformative: settings.CCRAG_W_INFORMATIVE,
        wOverlap: settings.CCRAG_W_OVERLAP,
        wUngrounded: DEFAULT_SETTINGS.strategies.ccRag.wUngrounded,
        tau: settings.CCRAG_TAU,
        deltaK: settings.CCRAG_DELTA_K,
        maxRetries: settings.CCRAG_MAX_RETRIES,
        kMin: settings.CCRAG_K_MIN,
        kMax: settings.CCRAG_K_MAX,
        tokenBudget: settings.CCRAG_TOKEN_BUDGET,
      },
      atomic: {
        maxRounds: settings.ATOMIC_MAX_ROUNDS,
        topK: settings.ATOMIC_TOP_K,
        threshold: settings.ATOMIC_THRESHOLD,
        bm25Threshold: settings.ATOMIC_BM25_THRESHOLD,
      },
    },
  };
}
