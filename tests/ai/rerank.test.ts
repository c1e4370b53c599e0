import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RerankConfig } from "@/lib/ai/config";
import { rerank } from "@/lib/ai/rerank";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";
import { codeOf, DEAD_URL } from "./support";

let jina: FakeRerank;
let tei: FakeRerank;
beforeAll(async () => {
  [jina, tei] = await Promise.all([startFakeRerank(), startFakeRerank({ style: "tei" })]);
});
afterAll(() => Promise.all([jina.close(), tei.close()]));

const configFor = (baseURL: string, over: Partial<RerankConfig> = {}): RerankConfig => ({
  baseURL,
  model: "fake-rerank",
  timeoutMs: 2000,
  ...over,
});
const DOCS = ["임대차 보증금 반환", "회원권 해지 시 이용료 반환 청구", "계속적 계약의 해지", "이용료 반환"];

describe("rerank client", () => {
  it.each([
    ["Jina/Cohere", () => jina],
    ["TEI", () => tei],
  ])("reads the %s answer and sorts by score, best first", async (_name, server) => {
    const hits = await rerank("회원권 이용료 반환", DOCS, { config: configFor(server().url) });
    expect(hits.map((h) => h.index)).toEqual([1, 3, 0, 2]);
    expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
    const sent = server().requests.at(-1);
    expect(sent?.path).toBe("/rerank");
    expect(sent?.body).toMatchObject({ model: "fake-rerank", query: "회원권 이용료 반환" });
  });

  it("keeps the top N in one call, and calls nothing for no documents", async () => {
    const before = jina.requests.length;
    const hits = await rerank("회원권 이용료 반환", DOCS, { topN: 2, config: configFor(jina.url) });
    expect(hits.map((h) => h.index)).toEqual([1, 3]);
    expect(jina.requests.length - before).toBe(1);
    expect(jina.requests.at(-1)?.body.top_n).toBe(2);
    expect(await rerank("x", [], { config: configFor(jina.url) })).toEqual([]);
    expect(jina.requests.length - before).toBe(1);
    // TEI has no top_n: the client cuts the list itself.
    expect(await rerank("회원권 이용료 반환", DOCS, { topN: 1, config: configFor(tei.url) })).toHaveLength(1);
  });

  it("reports errors with their codes", async () => {
    const broken = await startFakeRerank({ error: { status: 503 } });
    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(broken.url) }))).toBe("ai:upstream_error");
    broken.configure({ error: { status: 429 } });
    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(broken.url) }))).toBe("ai:rate_limited");
    broken.configure({ error: { status: 200, body: { ranking: [1, 0] } } });
    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(broken.url) }))).toBe("ai:bad_response");
    broken.configure({ error: { status: 200, body: { results: [{ index: 9, relevance_score: 1 }] } } });
    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(broken.url) }))).toBe("ai:bad_response");
    broken.configure({ error: undefined, hang: true });
    const started = Date.now();
    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(broken.url, { timeoutMs: 150 }) }))).toBe(
      "ai:timeout",
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(
      await codeOf(() => rerank("q", DOCS, { config: configFor(broken.url), signal: AbortSignal.timeout(50) })),
    ).toBe("ai:aborted");
    await broken.close();

    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(DEAD_URL) }))).toBe("ai:unreachable");
    const keyed = await startFakeRerank({ apiKey: "right" });
    expect(await codeOf(() => rerank("q", DOCS, { config: configFor(keyed.url, { apiKey: "wrong" }) }))).toBe(
      "ai:unauthorized",
    );
    expect(await rerank("q", DOCS, { config: configFor(keyed.url, { apiKey: "right" }) })).toHaveLength(4);
    await keyed.close();
  });

  it("refuses to run without a configured reranker", async () => {
    expect(await codeOf(() => rerank("q", DOCS, { config: undefined }))).toBe("ai:not_configured");
  });
});
