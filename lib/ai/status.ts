import { resolve } from "node:path";
import { AppError } from "../errors";
import { type AiConfig, aiConfig } from "./config";
import { fetchJson } from "./http";

export type ComponentId = "llm" | "embeddings" | "reranker" | "store";

export interface ComponentStatus {
  id: ComponentId;
  label: string;
  state: "active" | "not_configured" | "unreachable";
  /** Model and host, or why it is unreachable (Korean, safe to show; never a key). */
  detail: string;
  /** What the app does while this component is off. */
  fallback: string;
}

const PROBE_TIMEOUT_MS = 3000;

const FALLBACK: Record<ComponentId, string> = {
  llm: "언어 모델 없이 검색 결과(판례의 판시사항·판결요지)만 제공합니다. 질의 재작성과 답변 작성은 하지 않습니다.",
  embeddings: "임베딩 없이 키워드(BM25) 검색만 사용하며, 새 말뭉치는 BM25 전용으로 색인됩니다.",
  reranker: "리랭커 없이 순위 결합(RRF) 순서를 그대로 사용합니다.",
  store: "검색 색인을 쓸 수 없어 판례 검색이 되지 않습니다. 저장소 설정을 확인하세요.",
};

const LABEL: Record<ComponentId, string> = {
  llm: "언어 모델",
  embeddings: "임베딩",
  reranker: "리랭커",
  store: "벡터 저장소",
};

const host = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function reason(error: unknown): string {
  if (error instanceof AppError) {
    if (error.code === "ai:timeout") return "응답 없음 (시간 초과)";
    if (error.code === "ai:unreachable") return "연결할 수 없음";
    return error.userMessage;
  }
  return "확인 실패";
}

async function probe(
  id: ComponentId,
  configured: boolean,
  detail: string,
  check: () => Promise<void>,
): Promise<ComponentStatus> {
  const base = { id, label: LABEL[id], fallback: FALLBACK[id] };
  if (!configured) return { ...base, state: "not_configured", detail: "설정되지 않음" };
  try {
    await check();
    return { ...base, state: "active", detail };
  } catch (error) {
    return { ...base, state: "unreachable", detail: `${detail} — ${reason(error)}` };
  }
}

/** GET {base}/models: any answer but an auth refusal or a server error means the server is there. */
async function probeModels(baseURL: string, apiKey?: string): Promise<void> {
  try {
    await fetchJson(`${baseURL}/models`, { apiKey, timeoutMs: PROBE_TIMEOUT_MS });
  } catch (error) {
    // Some OpenAI-compatible servers have no /models route: a 404 still proves reachability.
    if (error instanceof AppError && /HTTP 404/.test(error.message)) return;
    throw error;
  }
}

export async function checkComponents(config: AiConfig): Promise<ComponentStatus[]> {
  const { chat, embeddings, rerank, store } = config;
  return Promise.all([
    probe("llm", Boolean(chat), chat ? `${chat.models.answer} · ${host(chat.baseURL)}` : "", () =>
      probeModels(chat?.baseURL ?? "", chat?.apiKey),
    ),
    probe(
      "embeddings",
      Boolean(embeddings),
      embeddings ? `${embeddings.model} · ${host(embeddings.baseURL)}` : "",
      () => probeModels(embeddings?.baseURL ?? "", embeddings?.apiKey),
    ),
    probe("reranker", Boolean(rerank), rerank ? `${rerank.model} · ${host(rerank.baseURL)}` : "", async () => {
      await fetchJson(`${rerank?.baseURL}/rerank`, {
        body: { model: rerank?.model, query: "상태 확인", documents: ["상태 확인"], top_n: 1 },
        apiKey: rerank?.apiKey,
        timeoutMs: PROBE_TIMEOUT_MS,
      });
    }),
    store.kind === "qdrant"
      ? probe("store", true, `Qdrant · ${host(store.qdrantUrl ?? "")} · ${store.qdrantCollection}`, async () => {
          const deadline = AbortSignal.timeout(PROBE_TIMEOUT_MS);
          const response = await fetch(`${store.qdrantUrl}/collections`, {
            headers: store.qdrantApiKey ? { "api-key": store.qdrantApiKey } : {},
            signal: deadline,
          }).catch((cause) => {
            throw new AppError(deadline.aborted ? "ai:timeout" : "ai:unreachable", { cause });
          });
          if (!response.ok) {
            throw new AppError("store:unavailable", {
              userMessage:
                response.status === 401 || response.status === 403
                  ? "API 키가 거부되었습니다"
                  : `HTTP ${response.status}`,
            });
          }
        })
      : probe("store", true, `내장 저장소 · ${resolve(store.dataDir)}`, async () => {}),
  ]);
}

let cached: { key: string; at: number; value: Promise<ComponentStatus[]> } | undefined;

/** The statuses for the status panel, reusing a recent check (probes cost up to 3 s when a server is down). */
export function getComponentStatuses(config: AiConfig = aiConfig()): Promise<ComponentStatus[]> {
  const key = JSON.stringify(config);
  const now = Date.now();
  if (cached && cached.key === key && now - cached.at < config.statusCacheSeconds * 1000) return cached.value;
  const value = checkComponents(config);
  cached = { key, at: now, value };
  return value;
}
