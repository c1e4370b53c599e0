import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateChat, streamChat } from "@/lib/ai/chat";
import type { AiConfig } from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { clearCallOutcomes, clearFaults } from "@/lib/ai/faults";
import {
  type ComponentStatus,
  checkComponents,
  getComponentStatuses,
  resetStatusCache,
  statusesForRole,
} from "@/lib/ai/status";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { startQdrantStandIn } from "../fake-servers/qdrant-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";
import { DEAD_URL } from "./support";

let openai: FakeOpenAI;
let reranker: FakeRerank;
beforeAll(async () => {
  [openai, reranker] = await Promise.all([startFakeOpenAI(), startFakeRerank()]);
});
afterAll(() => Promise.all([openai.close(), reranker.close()]));

const models = { analyst: "qwen-a", judge: "qwen-a", answer: "qwen-b" };
const base = (over: Partial<AiConfig> = {}): AiConfig => ({
  store: { kind: "embedded", dataDir: "./data", qdrantCollection: "precedent_chunks" },
  statusCacheSeconds: 0,
  faultCooldownSeconds: 30,
  ...over,
});
const live = (): AiConfig =>
  base({
    chat: { baseURL: openai.url, models, timeoutMs: 1000 },
    embeddings: { baseURL: openai.url, model: "bge-m3", timeoutMs: 1000, batchSize: 64 },
    rerank: { baseURL: reranker.url, model: "bge-reranker", timeoutMs: 1000 },
  });
const byId = (statuses: ComponentStatus[]) => Object.fromEntries(statuses.map((s) => [s.id, s]));

describe("component status", () => {
  it("marks everything active against the fake servers, naming models and hosts", async () => {
    const s = byId(await checkComponents(live()));
    expect(Object.values(s).map((c) => [c.id, c.state])).toEqual([
      ["llm", "active"],
      ["embeddings", "active"],
      ["reranker", "active"],
      ["store", "active"],
    ]);
    const host = new URL(openai.url).host;
    expect(s.llm?.detail).toBe(`qwen-a, qwen-b · ${host}`);
    expect(s.llm?.label).toBe("언어 모델");
    expect(s.embeddings?.detail).toContain("bge-m3");
    expect(s.reranker?.detail).toContain("bge-reranker");
    expect(s.store?.detail).toMatch(/^내장 저장소 \(SQLite\) · .*data[/\\]store$/);
  });

  it("lawyers see states and fallbacks only: no model, host or data path; admins see the details", async () => {
    const config = base({
      chat: { baseURL: "http://10.1.2.3:1/v1", models, timeoutMs: 1000 },
      embeddings: { baseURL: openai.url, model: "bge-m3", timeoutMs: 1000, batchSize: 64 },
      store: { kind: "embedded", dataDir: "/srv/secret-data", qdrantCollection: "precedent_chunks" },
    });
    const all = await checkComponents(config, { probeTimeoutMs: 500 });
    const admin = statusesForRole(all, "admin");
    expect(admin).toEqual(all);
    expect(JSON.stringify(admin)).toContain("10.1.2.3");
    expect(JSON.stringify(admin)).toContain("/srv/secret-data");

    const lawyer = statusesForRole(all, "lawyer");
    const text = JSON.stringify(lawyer);
    for (const secret of ["10.1.2.3", new URL(openai.url).host, "/srv/secret-data", "qwen-a", "bge-m3"]) {
      expect(text).not.toContain(secret);
    }
    expect(lawyer.map((s) => [s.id, s.state, s.fallback])).toEqual(all.map((s) => [s.id, s.state, s.fallback]));
    expect(byId(lawyer).llm?.state).toBe("unreachable");
  });

  it("says what is not configured and what the app does without it", async () => {
    const s = byId(await checkComponents(base()));
    expect([s.llm?.state, s.embeddings?.state, s.reranker?.state]).toEqual([
      "not_configured",
      "not_configured",
      "not_configured",
    ]);
    expect(s.llm?.detail).toContain("LLM_BASE_URL");
    expect(s.llm?.fallback).toContain("검색 결과");
    expect(s.llm?.fallback).toContain("답변 생성은 하지 않습니다");
    expect(s.embeddings?.fallback).toContain("BM25");
    expect(s.reranker?.fallback).toContain("RRF");
    expect([s.llm?.label, s.embeddings?.label, s.reranker?.label, s.store?.label]).toEqual([
      "언어 모델",
      "임베딩",
      "리랭커",
      "벡터 저장소",
    ]);
  });

  it("reports a closed port, a refused key, a server error and an unreachable Qdrant", async () => {
    const keyed = await startFakeOpenAI({ apiKey: "right" });
    const broken = await startFakeRerank({ error: { status: 500 } });
    const s = byId(
      await checkComponents(
        base({
          chat: { baseURL: `${DEAD_URL}/v1`, models, timeoutMs: 1000 },
          embeddings: { baseURL: keyed.url, apiKey: "wrong", model: "e", timeoutMs: 1000, batchSize: 64 },
          rerank: { baseURL: broken.url, model: "r", timeoutMs: 1000 },
          store: { kind: "qdrant", dataDir: "./data", qdrantUrl: DEAD_URL, qdrantCollection: "c" },
        }),
      ),
    );
    expect(s.llm?.state).toBe("unreachable");
    expect(s.llm?.detail).toContain("연결할 수 없음");
    expect(s.embeddings?.state).toBe("unreachable");
    expect(s.embeddings?.detail).toContain("API 키가 거부되었습니다 (HTTP 401)");
    expect(s.embeddings?.detail).not.toContain("wrong");
    expect(s.reranker?.state).toBe("unreachable");
    expect(s.reranker?.detail).toContain("HTTP 500");
    expect(s.store?.state).toBe("unreachable");
    expect(s.store?.detail).toContain("Qdrant");
    await Promise.all([keyed.close(), broken.close()]);
  });

  it("treats a server without a /models route as reachable, and checks Qdrant with its key", async () => {
    // The rerank fake has no /v1/models: a 404 still proves an HTTP server is there.
    const noModels = { baseURL: `${reranker.url}/v1`, models, timeoutMs: 1000 };
    const qdrant = await startQdrantStandIn({ apiKey: "qk" });
    const s = byId(
      await checkComponents(
        base({
          chat: noModels,
          store: {
            kind: "qdrant",
            dataDir: "./data",
            qdrantUrl: qdrant.url,
            qdrantApiKey: "qk",
            qdrantCollection: "c",
          },
        }),
      ),
    );
    expect(s.llm?.state).toBe("active");
    expect(s.store?.state).toBe("active");
    expect(s.store?.detail).toContain("컬렉션 없음");
    // Through the store's own client and checks: version gate, then the collection (404: not yet made).
    expect(qdrant.requests.map((r) => r.operation)).toEqual(["root", "get_collection"]);
    expect(qdrant.violations).toEqual([]);
    await qdrant.close();
  });

  it("probes in parallel, each within the probe timeout", async () => {
    const hanging = await startFakeRerank({ hang: true });
    const started = Date.now();
    const statuses = await checkComponents(
      base({
        chat: { baseURL: `${hanging.url}/v1`, models, timeoutMs: 1000 },
        embeddings: { baseURL: `${hanging.url}/v1`, model: "e", timeoutMs: 1000, batchSize: 64 },
        rerank: { baseURL: hanging.url, model: "r", timeoutMs: 1000 },
      }),
      { probeTimeoutMs: 200 },
    );
    expect(Date.now() - started).toBeLessThan(550);
    expect(statuses.filter((s) => s.state === "unreachable").map((s) => s.detail)).toEqual([
      expect.stringContaining("시간 초과"),
      expect.stringContaining("시간 초과"),
      expect.stringContaining("시간 초과"),
    ]);
    await hanging.close();
  });

  it("reuses a check for STATUS_CACHE_SECONDS", async () => {
    resetStatusCache();
    const cached = { ...live(), statusCacheSeconds: 60 };
    const probes = () => openai.requests.filter((r) => r.path.endsWith("/models")).length;
    const before = probes();
    const first = await getComponentStatuses(cached);
    expect(await getComponentStatuses(cached)).toEqual(first);
    expect(probes() - before).toBe(2); // llm + embeddings, once
    await getComponentStatuses({ ...cached, statusCacheSeconds: 0 });
    await getComponentStatuses({ ...cached, statusCacheSeconds: 0 });
    expect(probes() - before).toBe(6);
    resetStatusCache();
  });

  it("a real call that works clears 연결 불가 at once, without waiting for the cached probe", async () => {
    resetStatusCache();
    clearCallOutcomes();
    clearFaults();
    // The model server is down: started to learn a free port, then closed (connections refused).
    const first = await startFakeOpenAI();
    const port = Number(new URL(first.url).port);
    await first.close();
    const config = base({
      statusCacheSeconds: 3600,
      chat: { baseURL: first.url, models, timeoutMs: 1000, retry: { maxRetries: 0, initialDelayMs: 0, maxDelayMs: 0 } },
      embeddings: { baseURL: first.url, model: "bge-m3", timeoutMs: 1000, batchSize: 64 },
    });
    const down = byId(await getComponentStatuses(config));
    expect(down.llm?.state).toBe("unreachable");
    expect(down.embeddings?.state).toBe("unreachable");

    // Back up on the same address. The cached probe (an hour) still says unreachable…
    const back = await startFakeOpenAI({
      port,
      chunkDelayMs: 150,
      chunkSize: 2,
      defaultReply: "다시 연결된 모델의 답변",
    });
    try {
      expect(byId(await getComponentStatuses(config)).llm?.state).toBe("unreachable");
      // …until the first real call: while a streamed answer is still coming, the panel is green.
      const stream = streamChat({ role: "answer", prompt: "질문", config: config.chat });
      const iterator = stream.deltas[Symbol.asyncIterator]();
      expect((await iterator.next()).done).toBe(false);
      const during = byId(await getComponentStatuses(config));
      expect(during.llm?.state).toBe("active");
      expect(during.llm?.detail).toContain("실제 호출 성공");
      // Embeddings are their own component: still red until an embedding call works.
      expect(during.embeddings?.state).toBe("unreachable");
      await embedTexts(["연결 확인"], { config: config.embeddings });
      expect(byId(await getComponentStatuses(config)).embeddings?.state).toBe("active");
      await iterator.return?.();

      // A later failure of a real call is news again: down → red probe stays red, not green.
      await back.close();
      await expect(generateChat({ role: "answer", prompt: "질문", config: config.chat })).rejects.toMatchObject({
        code: "ai:unreachable",
      });
      resetStatusCache();
      expect(byId(await getComponentStatuses(config)).llm?.state).toBe("unreachable");
    } finally {
      await back.close().catch(() => {});
      resetStatusCache();
    }
  });
});
