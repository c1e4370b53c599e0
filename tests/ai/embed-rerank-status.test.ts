import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AiConfig } from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { rerank } from "@/lib/ai/rerank";
import { checkComponents } from "@/lib/ai/status";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";

let openai: FakeOpenAI;
let jina: FakeRerank;
let tei: FakeRerank;

beforeAll(async () => {
  [openai, jina, tei] = await Promise.all([
    startFakeOpenAI({ embeddingDimensions: 32 }),
    startFakeRerank(),
    startFakeRerank({ style: "tei" }),
  ]);
});
afterAll(() => Promise.all([openai.close(), jina.close(), tei.close()]));

const embedConfig = () => ({ baseURL: openai.url, model: "fake-embed", timeoutMs: 5000, batchSize: 64 });
const rerankConfig = (url: string) => ({ baseURL: url, model: "fake-rerank", timeoutMs: 2000 });

describe("embeddings over HTTP", () => {
  it("embeds in batches, in order, with the requested dimensions", async () => {
    const texts = Array.from({ length: 150 }, (_, i) => `민법 제${i}조 손해배상`);
    const before = openai.requests.length;
    const vectors = await embedTexts(texts, { config: { ...embedConfig(), dimensions: 48 } });
    const calls = openai.requests.slice(before).filter((r) => r.path.endsWith("/embeddings"));
    expect(calls.map((c) => (c.body.input as string[]).length)).toEqual([64, 64, 22]);
    expect(calls[0]?.body.dimensions).toBe(48);
    expect(vectors).toHaveLength(150);
    expect(vectors[0]).toHaveLength(48);
    const again = await embedTexts([texts[149] ?? ""], { config: { ...embedConfig(), dimensions: 48 } });
    expect(again[0]).toEqual(vectors[149]);
  });

  it("retries through rate limits", async () => {
    const limited = await startFakeOpenAI({ failFirst: 2 });
    const vectors = await embedTexts(["하나", "둘"], {
      config: { ...embedConfig(), baseURL: limited.url, timeoutMs: 20_000 },
    });
    expect(vectors).toHaveLength(2);
    expect(limited.requests.filter((r) => r.path.endsWith("/embeddings"))).toHaveLength(3);
    await limited.close();
  }, 30_000);
});

describe("rerank client", () => {
  const docs = ["임대차 보증금 반환", "약혼 해제 시 예물 반환 청구", "사실혼 관계의 해소"];

  it.each([
    ["Jina/Cohere", () => jina.url],
    ["TEI", () => tei.url],
  ])("reads the %s response shape and sorts by score", async (_name, url) => {
    const hits = await rerank("약혼 예물 반환", docs, { config: rerankConfig(url()) });
    expect(hits[0]?.index).toBe(1);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    expect(await rerank("x", [], { config: rerankConfig(url()) })).toEqual([]);
  });

  it("honours top N and reports errors with codes", async () => {
    expect(await rerank("약혼 예물 반환", docs, { topN: 2, config: rerankConfig(jina.url) })).toHaveLength(2);
    const broken = await startFakeRerank({ error: { status: 503 } });
    await expect(rerank("q", docs, { config: rerankConfig(broken.url) })).rejects.toMatchObject({
      code: "ai:upstream_error",
    });
    broken.configure({ error: undefined, hang: true });
    await expect(rerank("q", docs, { config: { ...rerankConfig(broken.url), timeoutMs: 200 } })).rejects.toMatchObject({
      code: "ai:timeout",
    });
    await broken.close();
  });
});

describe("component status", () => {
  const base = (over: Partial<AiConfig> = {}): AiConfig => ({
    store: { kind: "embedded", dataDir: "./data", qdrantCollection: "c" },
    statusCacheSeconds: 0,
    ...over,
  });

  it("marks everything active against the fake servers", async () => {
    const statuses = await checkComponents(
      base({
        chat: { baseURL: openai.url, models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 1000 },
        embeddings: embedConfig(),
        rerank: rerankConfig(jina.url),
      }),
    );
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.state]))).toEqual({
      llm: "active",
      embeddings: "active",
      reranker: "active",
      store: "active",
    });
  });

  it("says what is off and what the app does without it", async () => {
    const statuses = await checkComponents(base());
    const llm = statuses.find((s) => s.id === "llm");
    expect(llm?.state).toBe("not_configured");
    expect(llm?.fallback).toContain("검색 결과");
    expect(statuses.find((s) => s.id === "embeddings")?.fallback).toContain("BM25");
  });

  it("reports an unreachable server, a refused key and an unreachable Qdrant", async () => {
    const keyed = await startFakeOpenAI({ apiKey: "right" });
    const statuses = await checkComponents(
      base({
        chat: { baseURL: "http://127.0.0.1:9/v1", models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 1000 },
        embeddings: { ...embedConfig(), baseURL: keyed.url, apiKey: "wrong" },
        store: { kind: "qdrant", dataDir: "./data", qdrantUrl: "http://127.0.0.1:9", qdrantCollection: "c" },
      }),
    );
    const byId = Object.fromEntries(statuses.map((s) => [s.id, s]));
    expect(byId.llm?.state).toBe("unreachable");
    expect(byId.embeddings?.state).toBe("unreachable");
    expect(byId.embeddings?.detail).toContain("API 키");
    expect(byId.store?.state).toBe("unreachable");
    await keyed.close();
  });
});

describe("fake OpenAI server", () => {
  it("frames SSE as data lines ending with [DONE]", async () => {
    openai.setRules([{ reply: "가나다라마바사" }]);
    const response = await fetch(`${openai.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "q" }] }),
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const frames = (await response.text()).split("\n\n").filter(Boolean);
    expect(frames.every((f) => f.startsWith("data: "))).toBe(true);
    expect(frames.at(-1)).toBe("data: [DONE]");
    const text = frames
      .slice(0, -1)
      .map((f) => JSON.parse(f.slice(6)))
      .map((c) => c.choices[0]?.delta?.content ?? "")
      .join("");
    expect(text).toBe("가나다라마바사");
  });
});
