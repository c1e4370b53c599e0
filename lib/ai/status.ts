import { join, resolve } from "node:path";
import { AppError } from "../errors";
import { type AiConfig, aiConfig } from "./config";
import { type FaultyComponent, lastCallOutcome, recentFault } from "./faults";
import type { ModelCalls } from "./model-calls/types";
import { installRecovery, recheckFaults } from "./recovery";
import { PROBE_TIMEOUT_MS, probeModels, probeQdrant, probeRerank } from "./status-probes";

export type ComponentId = "llm" | "embeddings" | "reranker" | "store";

export interface ComponentStatus {
  id: ComponentId;
  label: string;
  /** "degraded": reachable, but a chat call failed recently (see lib/ai/faults.ts). */
  state: "active" | "degraded" | "not_configured" | "unreachable";
  /** Model and host, or why it is off or unreachable (Korean; never a key). For admins only: see statusesForRole. */
  detail: string;
  /** A recent fault in words safe for every user (no host, no path), when state is "degraded". */
  note?: string;
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

/**
 * Host and path: the path is part of where Qdrant is (behind a proxy: https://proxy/qdrant); each
 * URL's when QDRANT_URL lists the nodes of a cluster (comma-separated).
 */
function hostAndPath(urls: string): string {
  return urls
    .split(",")
    .map((url) => {
      try {
        const { host, pathname } = new URL(url.trim());
        return `${host}${pathname.replace(/\/+$/, "")}`;
      } catch {
        return url;
      }
    })
    .join(", ");
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
    case "store:unavailable":
      if (http) return `서버 오류 (HTTP ${http})`;
      return /timeout|timed out/i.test(error.message) ? "응답 없음 (시간 초과)" : "연결할 수 없음";
    // What to fix, in Korean, with Qdrant's own message where it gave one (qdrant-client.ts).
    case "store:bad_config":
    case "store:bad_request":
      return error.userMessage;
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
  // Replay mode (MODEL_CALLS_REPLAY) answers from a file: there is no server to probe.
  const where = (c: { baseURL: string; calls?: ModelCalls }) =>
    c.calls?.mode === "replay" ? `기록 재생 ${c.calls.path}` : host(c.baseURL);
  const live = (c: { calls?: ModelCalls } | undefined, check: () => Promise<string | undefined>) =>
    !c ? Promise.resolve(undefined) : c.calls?.mode === "replay" ? Promise.resolve("네트워크 호출 없음") : check();
  return Promise.all([
    probe("llm", chat && `${chatModels} · ${where(chat)}`, () =>
      live(chat, () => probeModels(chat?.baseURL ?? "", chat?.apiKey, ms)),
    ),
    probe("embeddings", embeddings && `${embeddings.model} · ${where(embeddings)}`, () =>
      live(embeddings, () => probeModels(embeddings?.baseURL ?? "", embeddings?.apiKey, ms)),
    ),
    probe("reranker", rerank && `${rerank.model} · ${where(rerank)}`, () =>
      live(rerank, () => (rerank ? probeRerank(rerank, ms) : Promise.resolve(undefined))),
    ),
    store.kind === "qdrant"
      ? probe("store", `Qdrant · ${hostAndPath(store.qdrantUrl ?? "")} · ${store.qdrantCollection}`, () =>
          probeQdrant(store, embeddings?.dimensions, ms),
        )
      : // The embedded store lives in this process: if the app runs, it is there.
        probe("store", `내장 저장소 (SQLite) · ${join(resolve(store.dataDir), "store")}`, async () => undefined),
  ]);
}

let cached: { key: string; at: number; value: Promise<ComponentStatus[]> } | undefined;

const minutesAgo = (at: number, now: number) => {
  const minutes = Math.floor((now - at) / 60_000);
  return minutes < 1 ? "방금" : `${minutes}분 전`;
};

/** Where a model component's real calls go (the key its call outcomes are kept under). */
function baseUrlOf(config: AiConfig, id: ComponentId): string | undefined {
  const target =
    id === "llm"
      ? config.chat
      : id === "embeddings"
        ? config.embeddings
        : id === "reranker"
          ? config.rerank
          : undefined;
  return target && target.calls?.mode !== "replay" ? target.baseURL : undefined;
}

/**
 * The probe's word, corrected by what real calls saw since (newest evidence wins):
 * - a real call that worked after the probe (and after the last fault) makes the component green at
 *   once, whatever the cached probe said — a model that is back clears "연결 불가" with its first
 *   answer (or streamed chunk), not after STATUS_CACHE_SECONDS;
 * - a component that answers probes but failed a lawyer's question (or any real call) recently is
 *   amber, not green.
 */
function withCalls(
  statuses: ComponentStatus[],
  config: AiConfig,
  probedAt: number,
  cooldownMs: number,
  now = Date.now(),
): ComponentStatus[] {
  return statuses.map((s) => {
    if (s.id === "store" || s.state === "not_configured") return s;
    const id = s.id as FaultyComponent;
    const baseURL = baseUrlOf(config, s.id);
    const call = baseURL === undefined ? undefined : lastCallOutcome(id, baseURL);
    const fault = recentFault(id, cooldownMs, now);
    const shown = Math.max(cooldownMs, 5 * 60_000);
    const failure = [
      fault && { at: fault.at, message: fault.message },
      call && !call.ok && now - call.at < shown ? { at: call.at, message: call.message ?? "" } : undefined,
    ]
      .filter((f): f is { at: number; message: string } => Boolean(f))
      .sort((a, b) => b.at - a.at)[0];
    if (call?.ok && call.at >= probedAt && (!failure || failure.at <= call.at)) {
      if (s.state === "active") return s;
      const [where] = s.detail.split(" — ");
      return { ...s, state: "active", detail: `${where} — 실제 호출 성공 (${minutesAgo(call.at, now)})` };
    }
    if (!failure || s.state !== "active") return s;
    return { ...s, state: "degraded", note: `최근 질문에서 오류 (${minutesAgo(failure.at, now)}): ${failure.message}` };
  });
}

/**
 * The statuses for the status panel and /api/health. A check is reused for STATUS_CACHE_SECONDS:
 * every page shows the panel, and a probe of a dead server costs up to 3 s. What real model calls
 * met since (lib/ai/faults.ts) is laid over it at every read, so a reload always shows the current
 * state.
 */
export async function getComponentStatuses(config: AiConfig = aiConfig()): Promise<ComponentStatus[]> {
  const key = JSON.stringify(config);
  const now = Date.now();
  if (!cached || cached.key !== key || now - cached.at >= config.statusCacheSeconds * 1000) {
    cached = { key, at: now, value: checkComponents(config) };
  }
  const { at, value } = cached;
  return withCalls(await value, config, at, config.faultCooldownSeconds * 1000, Date.now());
}

// A component that failed is re-probed in the background until it answers again (lib/ai/recovery.ts).
installRecovery();

/**
 * The "다시 확인" button: every component that failed is probed now (a success clears its fault and
 * cooldown at once), and the panel's cached check is redone.
 */
export async function recheckComponentStatuses(config: AiConfig = aiConfig()): Promise<ComponentStatus[]> {
  await recheckFaults();
  resetStatusCache();
  return getComponentStatuses(config);
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
