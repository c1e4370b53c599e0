import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hybridRetrieve } from "@/lib/rag/hybrid-retrieve";
import { DEFAULT_SETTINGS } from "@/lib/rag/settings";
import { ANSWER, chatRequests, type Harness, QUESTION, run, startHarness, stepOf } from "./strategy-support";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const TERMS = ["낙하물", "손해배상 책임", "드론 배송"];
const answerRule = { system: "리서치 어시스턴트", reply: ANSWER };

describe("synonym / related-term expansion over HTTP", () => {
  const rules = (reply: string) => [{ system: "법률 용어 사전", reply }, answerRule];

  it("appends the three terms to the question, searches once, reranks against the original", async () => {
    h.openai.setRules(rules(JSON.stringify(TERMS)));
    const { result, steps } = await run(h, "synonym");
    const expanded = `${QUESTION} (관련 용어: 낙하물, 손해배상 책임, 드론 배송)`;
    expect(stepOf(steps, "terms")).toEqual({
      key: "terms",
      kind: "terms",
      status: "done",
      terms: TERMS,
      query: expanded,
      parsedAs: "json",
    });
    expect(result.trace.queries.expanded).toBe(expanded);
    expect(Object.keys(result.trace.lists)).toEqual(["expanded"]);
    expect(
      h.openai.requests.some((r) => r.path.endsWith("/embeddings") && JSON.stringify(r.body).includes("관련 용어")),
    ).toBe(true);
    expect(h.reranker.requests.at(-1)?.body.query).toBe(QUESTION);
    expect(result.context[0]?.chunk.caseNo).toBe("2098다1001");
    expect(result.answer).toBe(ANSWER);
    expect(result.trace.strategy?.id).toBe("synonym");
  });

  it("reads each malformed reply through its fallback", async () => {
    const replies: [string, string][] = [
      [`\`\`\`json\n${JSON.stringify(TERMS)}\n\`\`\``, "fenced-json"],
      [`관련 용어입니다: ${JSON.stringify(TERMS)} 이상입니다.`, "embedded-json"],
      ["1. 낙하물\n2. 손해배상 책임\n3. 드론 배송", "lines"],
      ["낙하물, 손해배상 책임, 드론 배송", "comma"],
    ];
    for (const [reply, how] of replies) {
      h.openai.setRules(rules(reply));
      const { steps } = await run(h, "synonym");
      expect(stepOf(steps, "terms"), how).toMatchObject({ status: "done", terms: TERMS, parsedAs: how });
    }
  });

  it("searches the original question and records why when the reply cannot be read or the call fails", async () => {
    h.openai.setRules(rules("죄송하지만 관련 용어를 특정하기 어렵습니다."));
    const unreadable = await run(h, "synonym");
    expect(stepOf(unreadable.steps, "terms")).toMatchObject({
      status: "fallback",
      query: QUESTION,
      fallback: "응답을 읽지 못했습니다: 응답에서 목록을 찾지 못했습니다",
    });
    expect(Object.keys(unreadable.result.trace.lists)).toEqual(["original"]);
    expect(unreadable.result.trace.notices.map((n) => n.code)).toEqual(["terms_failed"]);
    expect(unreadable.result.answer).toBe(ANSWER);

    h.openai.setRules([{ system: "법률 용어 사전", error: { status: 500 } }, answerRule]);
    const failed = await run(h, "synonym");
    expect(stepOf(failed.steps, "terms")?.fallback).toMatch(/^언어 모델 호출 실패: /);
    expect(failed.result.trace.queries.expanded).toBeUndefined();
    expect(failed.result.context[0]?.chunk.caseNo).toBe("2098다1001");
  });
});

describe("multi-query rewriting over HTTP", () => {
  const REWRITES = [
    "드론 낙하물로 인한 손해배상 책임",
    "배송 사업자의 불법행위 책임 요건",
    "차량 소유자가 드론 회사에 청구할 수 있는 손해",
  ];

  it("keeps the original first, searches all four, reranks the de-duplicated union against the original", async () => {
    h.openai.setRules([{ system: "검색 질의 재작성", reply: JSON.stringify(REWRITES) }, answerRule]);
    const { result, steps } = await run(h, "multi-query");
    const step = stepOf(steps, "rewrites");
    expect(step?.queries).toEqual([QUESTION, ...REWRITES]);
    expect(step?.lists?.map((l) => l.query)).toEqual([QUESTION, ...REWRITES]);
    expect(Object.keys(result.trace.lists).sort()).toEqual(["original", "rewrite-1", "rewrite-2", "rewrite-3"]);
    // Temperature 0, as every call of the method (the three angles come from one call).
    expect(chatRequests(h.openai, "검색 질의 재작성").at(-1)?.body.temperature).toBe(0);
    // The whole union goes to the reranker, with the original question.
    const union = new Set(Object.values(result.trace.lists).flatMap((l) => (l ?? []).map((c) => c.id))).size;
    expect(step?.union).toBe(union);
    expect(result.trace.fused).toHaveLength(union);
    expect(h.reranker.requests.at(-1)?.body.query).toBe(QUESTION);
    expect(h.reranker.requests.at(-1)?.body.documents).toHaveLength(union);
    expect(result.trace.reranked).toBe(true);
    expect(result.context.length).toBeLessThanOrEqual(DEFAULT_SETTINGS.topK);
  });

  it("reads a fenced list, and falls back to the original alone on prose or a failed call", async () => {
    h.openai.setRules([
      { system: "검색 질의 재작성", reply: `\`\`\`\n${JSON.stringify(REWRITES)}\n\`\`\`` },
      answerRule,
    ]);
    expect(stepOf((await run(h, "multi-query")).steps, "rewrites")?.parsedAs).toBe("fenced-json");

    h.openai.setRules([
      { system: "검색 질의 재작성", reply: "질문을 다시 쓰면 다음과 같습니다. 드론 사고입니다." },
      answerRule,
    ]);
    const prose = await run(h, "multi-query");
    expect(stepOf(prose.steps, "rewrites")).toMatchObject({ status: "fallback", queries: [QUESTION] });
    expect(Object.keys(prose.result.trace.lists)).toEqual(["original"]);
    expect(prose.result.trace.notices.map((n) => n.code)).toEqual(["rewrites_failed"]);

    h.openai.setRules([{ system: "검색 질의 재작성", error: { status: 503 } }, answerRule]);
    const failed = await run(h, "multi-query", { rerank: undefined });
    expect(stepOf(failed.steps, "rewrites")?.fallback).toMatch(/^언어 모델 호출 실패/);
    // Without a reranker: the RRF order, cut to k.
    expect(failed.result.trace.reranked).toBe(false);
    expect(failed.result.context.map((c) => c.chunk.id)).toEqual(
      failed.result.trace.fused.slice(0, DEFAULT_SETTINGS.topK).map((c) => c.id),
    );
  });
});

describe("HyDE over HTTP", () => {
  const PASSAGE =
    "드론을 이용하여 물건을 배송하는 사업자는 비행 중 낙하한 물건으로 제3자가 입은 손해를 배상할 책임이 있다.";

  it("searches by the hypothetical passage's embedding alone, as the method says (the default)", async () => {
    h.openai.setRules([{ system: "판결문 초안 작성자", reply: PASSAGE }, answerRule]);
    const { result, steps } = await run(h, "hyde");
    expect(stepOf(steps, "hyde")).toEqual({
      key: "hyde",
      kind: "hyde",
      status: "done",
      passage: PASSAGE,
      dense: "passage",
      sparse: "none",
    });
    const embedded = h.openai.requests.filter((r) => r.path.endsWith("/embeddings")).at(-1);
    expect(embedded?.body.input).toEqual([PASSAGE]);
    const vector = (embedded && (await h.deps().embed?.(PASSAGE))) as number[];
    const byVector = await h.store.denseSearch(vector, { topN: DEFAULT_SETTINGS.topN, filter: { corpusIds: ["c"] } });
    expect(result.trace.lists.hyde?.map((c) => c.id)).toEqual(byVector.map((c) => c.chunk.id));
    expect(result.answer).toBe(ANSWER);
  });

  it("as the hybrid option, embeds the passage for the dense side and searches BM25 with the question", async () => {
    h.openai.setRules([{ system: "판결문 초안 작성자", reply: PASSAGE }, answerRule]);
    const settings = {
      ...DEFAULT_SETTINGS,
      strategies: { ...DEFAULT_SETTINGS.strategies, hydeSearch: "hybrid" as const },
    };
    const { result, steps } = await run(h, "hyde", { settings });
    expect(stepOf(steps, "hyde")).toMatchObject({ status: "done", dense: "passage", sparse: "question" });
    const vector = (await h.deps().embed?.(PASSAGE)) as number[];
    const expected = await hybridRetrieve(QUESTION, vector, h.store, settings, { filter: { corpusIds: ["c"] } });
    const wrongSide = await hybridRetrieve(PASSAGE, vector, h.store, settings, { filter: { corpusIds: ["c"] } });
    expect(result.trace.lists.hyde?.map((c) => c.id)).toEqual(expected.fused.map((c) => c.chunk.id));
    expect(expected.fused.map((c) => c.chunk.id)).not.toEqual(wrongSide.fused.map((c) => c.chunk.id));
  });

  it("is unavailable without embeddings (skipped, said), and falls back to the question when the LLM fails", async () => {
    h.openai.setRules([{ system: "판결문 초안 작성자", reply: PASSAGE }, answerRule]);
    const before = chatRequests(h.openai, "판결문 초안 작성자").length;
    const noEmbed = await run(h, "hyde", { embed: undefined });
    expect(stepOf(noEmbed.steps, "hyde")).toMatchObject({ status: "skipped", fallback: "임베딩 모델 없음" });
    expect(noEmbed.result.trace.notices.map((n) => n.code)).toEqual(["hyde_unavailable"]);
    expect(chatRequests(h.openai, "판결문 초안 작성자").length).toBe(before);

    h.openai.setRules([{ system: "판결문 초안 작성자", error: { status: 500 } }, answerRule]);
    const failed = await run(h, "hyde");
    expect(stepOf(failed.steps, "hyde")).toMatchObject({ status: "fallback", dense: "question" });
    expect(failed.result.trace.notices.map((n) => n.code)).toEqual(["hyde_failed"]);
    expect(Object.keys(failed.result.trace.lists)).toEqual(["original"]);

    h.openai.setRules([{ system: "판결문 초안 작성자", reply: "" }, answerRule]);
    expect(stepOf((await run(h, "hyde")).steps, "hyde")?.fallback).toBe("응답이 비어 있습니다");
  });
});
