import { embedMany } from "ai";
import { aiConfig, type EmbeddingsConfig } from "./config";
import { toAiError, withDeadline } from "./errors";
import { embeddingModel } from "./providers";

// Embedding a corpus is a long batch job: rate limits are expected, so retry with back-off
// (the SDK's retry waits exponentially and honours Retry-After).
const MAX_RETRIES = 4;

/** Vectors for texts, in order, requested in batches of `batchSize`. */
export async function embedTexts(
  texts: string[],
  options: { signal?: AbortSignal; config?: EmbeddingsConfig } = {},
): Promise<number[][]> {
  const config = options.config ?? aiConfig().embeddings;
  const model = embeddingModel(config);
  const out: number[][] = [];
  const size = config?.batchSize ?? 64;
  for (let i = 0; i < texts.length; i += size) {
    const { signal, deadline } = withDeadline(config?.timeoutMs ?? 30_000, options.signal);
    try {
      const { embeddings } = await embedMany({
        model,
        values: texts.slice(i, i + size),
        maxRetries: MAX_RETRIES,
        abortSignal: signal,
        dimensions: config?.dimensions,
      });
      out.push(...embeddings);
    } catch (error) {
      throw toAiError(error, { caller: options.signal, deadline }, "embeddings");
    }
  }
  return out;
}
