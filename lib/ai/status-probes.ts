import { AppError } from "../errors";
import { placementNote } from "../store/qdrant-placement";
import { QdrantStore } from "../store/qdrant-store";
import { withinTime } from "../util/time-limit";
import type { RerankConfig, StoreConfig } from "./config";
import { classifyFetchFailure, httpError } from "./http";
import { rerank } from "./rerank";

/**
 * Reachability probes for the status panel. Each resolves with an optional note for the detail
 * line ("reachable, but …") or throws an AppError saying why the component can't be used.
 */

export const PROBE_TIMEOUT_MS = 3000;

async function get(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { headers, signal: deadline });
    return { status: response.status, body: await response.text() };
  } catch (cause) {
    throw classifyFetchFailure(cause, undefined, deadline, url);
  }
}

/**
 * GET {base}/models. Decision: the server counts as reachable on any answer below 500 except an
 * auth refusal — some OpenAI-compatible servers have no /models route (404/405) and a 429 means the
 * key works but is busy; a 401/403 means every real call would fail, so it is reported as
 * unreachable with "check the API key"; a 5xx means the server is up but broken.
 */
export async function probeModels(
  baseURL: string,
  apiKey: string | undefined,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const url = `${baseURL}/models`;
  const { status, body } = await get(url, apiKey ? { authorization: `Bearer ${apiKey}` } : {}, timeoutMs);
  if (status === 401 || status === 403 || status >= 500) throw httpError(status, body, url);
  if (status === 429) return "요청 한도 초과 상태";
  return undefined;
}

/** A one-document rerank: proves the route, the key and the answer's shape in one go. */
export async function probeRerank(config: RerankConfig, timeoutMs = PROBE_TIMEOUT_MS): Promise<string | undefined> {
  try {
    await rerank("상태 확인", ["상태 확인"], { config: { ...config, timeoutMs } });
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === "ai:rate_limited") return "요청 한도 초과 상태";
    throw error;
  }
}

/**
 * Qdrant through the store's own client and checks (lib/store/qdrant-store.ts `inspect`): the same
 * URL handling, key, version gate (≥ 1.19) and collection checks, so the panel never says
 * "reachable" for a server the store would refuse. With several nodes: each node once (the store
 * fails over), which of them answer, and whether the shard copies are spread. Creates nothing.
 */
export async function probeQdrant(
  store: StoreConfig,
  denseSize?: number,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const url = store.qdrantUrl ?? "";
  const nodeCount = url.split(",").filter((u) => u.trim()).length;
  const qdrant = new QdrantStore({
    url,
    apiKey: store.qdrantApiKey,
    collection: store.qdrantCollection,
    denseSize,
    timeoutMs,
    // Every node once, no pause: the panel answers within its deadline.
    retries: Math.max(0, nodeCount - 1),
  });
  // A few requests (version, collection, nodes, placement): one deadline for all, as for the other probes.
  const work = async () => {
    const { version, shape } = await qdrant.inspect();
    const notes = [`Qdrant ${version}`];
    if (nodeCount > 1) {
      const nodes = await qdrant.nodeHealth();
      const down = nodes.filter((n) => !n.ok);
      notes.push(
        down.length === 0
          ? `노드 ${nodes.length}개 모두 응답`
          : `노드 ${nodes.length}개 중 ${nodes.length - down.length}개 응답 (응답 없음: ${down.map((n) => hostOf(n.url)).join(", ")})`,
      );
    }
    // Not errors: the collection is created, and the dense vector added, by the first indexing job.
    if (!shape) notes.push("컬렉션 없음 (첫 색인 때 생성됩니다)");
    else {
      if (shape.denseSize === undefined) notes.push("dense 벡터 없음 (임베딩과 함께 색인하면 추가됩니다)");
      if (shape.shards > 1)
        notes.push(`샤드 ${shape.shards}개: BM25 점수가 내장 저장소와 조금 다릅니다 (docs/qdrant.md)`);
      const placed = placementNote(await qdrant.placement(false, shape));
      if (placed) notes.push(placed);
    }
    return notes.join(" · ");
  };
  const probed = await withinTime(work(), timeoutMs);
  if (probed.late) throw new AppError("store:unavailable", { detail: `qdrant probe timeout after ${timeoutMs} ms` });
  return probed.value;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
