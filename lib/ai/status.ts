import { join, resolve } from "node:path";
import { AppError } from "../errors";
import { type AiConfig, aiConfig } from "./config";
import { PROBE_TIMEOUT_MS, probeModels, probeQdrant, probeRerank } from "./status-probes";

export type ComponentId = "llm" | "embeddings" | "reranker" | "store";

export interface ComponentStatus {
  id: ComponentId;
  label: string;
  state: "active" | "not_configured" | "unreachable";
  /** Model and host, or why it is off or unreachable (Korean; never a key). For admins only: see statusesForRole. */
  detail: string;
  /** What the app does while this component is off. */
  fallback: string;
}

const LABEL: Record<ComponentId, string> = {
  llm: "언어 모델",
  embeddings: "임베딩",
  reranker: "리랭커",
  store: "벡터 저장소",
};

const FALLBACK: Record<ComponentId, string> = {
  llm: "검색 결과(판례의 판시사항·판결요지)만 제공합니다. 질의 재작성과 답변 생성은 하지 않습니다.",
  embeddings: "BM25 키워드 검색만 사용합니다. 새 말뭉치는 BM25 전용으로 색인됩니다.",
  reranker: "순위 결합(RRF) 순서를 그대로 사용합니다.",
  store: "검색 색인을 쓸 수 없어 판례 검색과 색인이 실패합니다. QDRANT_URL과 QDRANT_API_KEY를 확인하세요.",
};

const NOT_CONFIGURED: Record<Exclude<ComponentId, "store">, string> = {
  llm: "LLM_BASE_URL·LLM_MODEL이 설정되지 않았습니다.",
  embeddings: "EMBEDDINGS_BASE_URL·EMBEDDINGS_MODEL이 설정되지 않았습니다.",
  reranker: "RERANK_BASE_URL·RERANK_MODEL이 설정되지 않았습니다.",
};

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A failed probe in a few Korean words; the HTTP status where there was one. */
function reason(error: unknown): string {
  if (!(error instanceof AppError)) return "확인 실패";
  const http = /HTTP (\d{3})/.exec(error.message)?.[1];
  switch (error.code) {
    case "ai:timeout":
      return "응답 없음 (시간 초과)";
    case "ai:unreachable":
      return "연결할 수 없음";
    case "ai:unauthorized":
      return `API 키가 거부되었습니다${http ? ` (HTTP ${http})` : ""}. API 키를 확인하세요.`;
    case "ai:bad_response":
      return "응답 형식이 올바르지 않음";
    default:
      return http ? `서버 오류 (HTTP ${http})` : error.userMessage;
  }
}

async function probe(
  id: ComponentId,
  detail: string | undefined,
  check: () => Promise<string | undefined>,
): Promise<ComponentStatus> {
  const base = { id, label: LABEL[id], fallback: FALLBACK[id] };
  if (detail === undefined) {
    return { ...base, state: "not_configured", detail: id === "store" ? "" : NOT_CONFIGURED[id] };
  }
  try {
    const note = await check();
    return { ...base, state: "active", detail: note ? `${detail} — ${note}` : detail };
  } catch (error) {
    return { ...base, state: "unreachable", detail: `${detail} — ${reason(error)}` };
  }
}

/** Probes every component in parallel (each within `probeTimeoutMs`, 3 s by default) and says what is on. */
export async function checkComponents(
  config: AiConfig,
  { probeTimeoutMs = PROBE_TIMEOUT_MS }: { probeTimeoutMs?: number } = {},
): Promise<ComponentStatus[]> {
  const { chat, embeddings, rerank, store } = config;
  const ms = probeTimeoutMs;
  const chatModels = chat ? [...new Set(Object.values(chat.models))].join(", ") : "";
  return Promise.all([
    probe("llm", chat && `${chatModels} · ${host(chat.baseURL)}`, () =>
      chat ? probeModels(chat.baseURL, chat.apiKey, ms) : Promise.resolve(undefined),
    ),
    probe("embeddings", embeddings && `${embeddings.model} · ${host(embeddings.baseURL)}`, () =>
      embeddings ? probeModels(embeddings.baseURL, embeddings.apiKey, ms) : Promise.resolve(undefined),
    ),
    probe("reranker", rerank && `${rerank.model} · ${host(rerank.baseURL)}`, () =>
      rerank ? probeRerank(rerank, ms) : Promise.resolve(undefined),
    ),
    store.kind === "qdrant"
      ? probe("store", `Qdrant · ${host(store.qdrantUrl ?? "")} · ${store.qdrantCollection}`, () =>
          probeQdrant(store, ms),
        )
      : // The embedded store lives in this process: if the app runs, it is there.
        probe("store", `내장 저장소 (SQLite) · ${join(resolve(store.dataDir), "store")}`, async () => undefined),
  ]);
}

let cached: { key: string; at: number; value: Promise<ComponentStatus[]> } | undefined;

/**
 * The statuses for the status panel and /api/health. A check is reused for STATUS_CACHE_SECONDS:
 * every page shows the panel, and a probe of a dead server costs up to 3 s.
 */
export function getComponentStatuses(config: AiConfig = aiConfig()): Promise<ComponentStatus[]> {
  const key = JSON.stringify(config);
  const now = Date.now();
  if (cached && cached.key === key && now - cached.at < config.statusCacheSeconds * 1000) return cached.value;
  const value = checkComponents(config);
  cached = { key, at: now, value };
  return value;
}

/** Forgets the last check (after an admin changes settings, and in tests). */
export function resetStatusCache(): void {
  cached = undefined;
}

/**
 * Statuses as a viewer may see them. Admins get the details (model names, hosts, the data path);
 * everyone else the state and what the app does meanwhile — decided here, on the server, so the
 * details never reach a lawyer's browser.
 */
export function statusesForRole(statuses: ComponentStatus[], role: string): ComponentStatus[] {
  return role === "admin" ? statuses : statuses.map((s) => ({ ...s, detail: "" }));
}

export async function getComponentStatusesFor(role: string): Promise<ComponentStatus[]> {
  return statusesForRole(await getComponentStatuses(), role);
}
