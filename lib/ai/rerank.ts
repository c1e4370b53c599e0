import { z } from "zod";
import { AppError } from "../errors";
import { aiConfig, type RerankConfig } from "./config";
import { fetchJson } from "./http";

/** Jina / Cohere: `{ results: [{ index, relevance_score }] }`; TEI: `[{ index, score }]`. */
const jinaShape = z.object({ results: z.array(z.object({ index: z.number().int(), relevance_score: z.number() })) });
const teiShape = z.array(z.object({ index: z.number().int(), score: z.number() }));

export interface RerankHit {
  index: number;
  score: number;
}

/** Scores every document against the query in one call; returns hits sorted by score, best first. */
export async function rerank(
  query: string,
  documents: string[],
  options: { topN?: number; signal?: AbortSignal; config?: RerankConfig } = {},
): Promise<RerankHit[]> {
  const config = options.config ?? aiConfig().rerank;
  if (!config) throw new AppError("ai:not_configured", { userMessage: "리랭커가 설정되어 있지 않습니다." });
  if (documents.length === 0) return [];
  const { json } = await fetchJson(`${config.baseURL}/rerank`, {
    // Both field names are sent: Jina/Cohere read `documents`, TEI reads `texts`.
    body: { model: config.model, query, documents, texts: documents, top_n: options.topN ?? documents.length },
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    signal: options.signal,
  });
  const jina = jinaShape.safeParse(json);
  const tei = jina.success ? undefined : teiShape.safeParse(json);
  const hits = jina.success
    ? jina.data.results.map((r) => ({ index: r.index, score: r.relevance_score }))
    : tei?.success
      ? tei.data
      : undefined;
  if (!hits) throw new AppError("ai:bad_response", { detail: "rerank: unknown response shape" });
  if (hits.some((h) => h.index < 0 || h.index >= documents.length)) {
    throw new AppError("ai:bad_response", { detail: "rerank: index out of range" });
  }
  return [...hits].sort((a, b) => b.score - a.score).slice(0, options.topN ?? hits.length);
}
