import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddingsConfig } from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { codeOf, DEAD_URL } from "./support";

let openai: FakeOpenAI;
beforeAll(async () => {
  openai = await startFakeOpenAI({ embeddingDimensions: 32 });
});
afterAll(() => openai.close());

const retry = { maxRetries: 3, initialDelayMs: 5, maxDelayMs: 50 };
const configFor = (baseURL: string, over: Partial<EmbeddingsConfig> = {}): EmbeddingsConfig => ({
  baseURL,
  model: "fake-embed",
  timeoutMs: 2000,
  batchSize: 64,
  retry,
  ...over,
});
const embedCalls = (server: FakeOpenAI, since = 0) =>
  server.requests.slice(since).filter((r) => r.path.endsWith("/embeddings"));

describe("embedTexts over HTTP", () => {
  it("embeds in batches of 64, in order, with the requested dimensions", async () => {
    const texts = Array.from({ length: 150 }, (_, i) => `민법 제${i}조 손해배상`);
    const before = openai.requests.length;
    const vectors = await embedTexts(texts, { config: configFor(openai.url, { dimensions: 48 }) });
    const calls = embedCalls(openai, before);
    expect(calls.map((c) => (c.body.input as string[]).length)).toEqual([64, 64, 22]);
    expect(calls.every((c) => c.body.dimensions === 48 && c.body.model === "fake-embed")).toBe(true);
    expect(vectors).toHaveLength(150);
    expect(vectors.every((v) => v.length === 48)).toBe(true);
    // In order: embedding the last text alone gives the last vector.
    const again = await embedTexts([texts[149] ?? ""], { config: configFor(openai.url, { dimensions: 48 }) });
    expect(again[0]).toEqual(vectors[149]);
  });

  it("uses the server's size when no dimensions are set, and sends nothing for no texts", async () => {
    const [v] = await embedTexts(["임대차 보증금"], { config: configFor(openai.url) });
    expect(v).toHaveLength(32);
    expect(Math.hypot(...(v ?? []))).toBeCloseTo(1, 6);
    const before = openai.requests.length;
    expect(await embedTexts([], { config: configFor(openai.url) })).toEqual([]);
    expect(openai.requests.length).toBe(before);
  });

  it("retries through rate limits and server errors, then succeeds", async () => {
    const limited = await startFakeOpenAI({ failFirst: 2 });
    expect(await embedTexts(["하나", "둘"], { config: configFor(limited.url) })).toHaveLength(2);
    expect(embedCalls(limited)).toHaveLength(3);
    await limited.close();

    const flaky = await startFakeOpenAI({ failFirst: 1, failStatus: 503 });
    expect(await embedTexts(["하나"], { config: configFor(flaky.url) })).toHaveLength(1);
    expect(embedCalls(flaky)).toHaveLength(2);
    await flaky.close();
  });

  it("gives up after the policy's retries with the last error's code", async () => {
    const down = await startFakeOpenAI({ failFirst: 100, failStatus: 500 });
    expect(await codeOf(() => embedTexts(["하나"], { config: configFor(down.url) }))).toBe("ai:upstream_error");
    expect(embedCalls(down)).toHaveLength(4); // 1 + 3 retries
    const limited = await startFakeOpenAI({ failFirst: 100 });
    expect(await codeOf(() => embedTexts(["하나"], { config: configFor(limited.url) }))).toBe("ai:rate_limited");
    await Promise.all([down.close(), limited.close()]);
  });

  it("reports a slow server, an abort, a dead server and a refused key with their own codes", async () => {
    const slow = await startFakeOpenAI({ latencyMs: 2000 });
    const started = Date.now();
    const quick = configFor(slow.url, { timeoutMs: 150 });
    expect(await codeOf(() => embedTexts(["하나"], { config: quick }))).toBe("ai:timeout");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(
      await codeOf(() => embedTexts(["하나"], { config: configFor(slow.url), signal: AbortSignal.timeout(50) })),
    ).toBe("ai:aborted");
    await slow.close();

    expect(await codeOf(() => embedTexts(["하나"], { config: configFor(`${DEAD_URL}/v1`) }))).toBe("ai:unreachable");
    const keyed = await startFakeOpenAI({ apiKey: "right" });
    expect(await codeOf(() => embedTexts(["하나"], { config: configFor(keyed.url, { apiKey: "wrong" }) }))).toBe(
      "ai:unauthorized",
    );
    await keyed.close();
  });

  it("refuses to run without a configured model", async () => {
    expect(await codeOf(() => embedTexts(["x"], { config: undefined }))).toBe("ai:not_configured");
  });
});
