import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulesFromJson } from "../fake-servers/openai-rules";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";

let openai: FakeOpenAI;
let reranker: FakeRerank;
beforeAll(async () => {
  [openai, reranker] = await Promise.all([startFakeOpenAI({ chunkSize: 3 }), startFakeRerank()]);
});
afterAll(() => Promise.all([openai.close(), reranker.close()]));

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const chatBody = (user: string, extra: Record<string, unknown> = {}) => ({
  model: "m",
  messages: [
    { role: "system", content: "법률 분석가" },
    { role: "user", content: user },
  ],
  ...extra,
});

describe("fake OpenAI server", () => {
  it("frames a stream as SSE data lines: text chunks, finish, usage, then [DONE]", async () => {
    openai.setRules([{ reply: "가나다라마바사" }]);
    const response = await post(`${openai.url}/chat/completions`, chatBody("q", { stream: true }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const frames = (await response.text()).split("\n\n").filter(Boolean);
    expect(frames.every((f) => f.startsWith("data: "))).toBe(true);
    expect(frames.at(-1)).toBe("data: [DONE]");
    const chunks = frames.slice(0, -1).map((f) => JSON.parse(f.slice(6)));
    const texts = chunks.map((c) => c.choices[0]?.delta?.content).filter(Boolean);
    expect(texts).toEqual(["가나다", "라마바", "사"]);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("stop");
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 10, completion_tokens: 7, total_tokens: 17 });
  });

  it("answers a plain request as one JSON completion, picking the first matching rule", async () => {
    openai.setRules([
      { system: "판사", reply: "판사 규칙" },
      { user: /^이용료/, reply: "이용료 규칙", times: 1 },
      { reply: "기본 규칙" },
    ]);
    const ask = async (q: string) => {
      const json = await (await post(`${openai.url}/chat/completions`, chatBody(q))).json();
      return json.choices[0].message.content as string;
    };
    expect(await ask("이용료 반환")).toBe("이용료 규칙");
    expect(await ask("이용료 반환")).toBe("기본 규칙"); // the rule was for one use
    expect(openai.requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
  });

  it("embeds deterministically: unit vectors of the requested size, similar texts closer", async () => {
    const embed = async (input: string[], dimensions?: number) => {
      const json = await (await post(`${openai.url}/embeddings`, { model: "e", input, dimensions })).json();
      return (json.data as { embedding: number[] }[]).map((d) => d.embedding);
    };
    const [a, b, c] = await embed(["회원권 이용료 반환", "이용료 반환 청구", "임대차 보증금"], 16);
    expect(a).toHaveLength(16);
    expect(Math.hypot(...(a ?? []))).toBeCloseTo(1, 6);
    const dot = (x: number[] = [], y: number[] = []) => x.reduce((s, v, i) => s + v * (y[i] ?? 0), 0);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
    expect((await embed(["회원권 이용료 반환"], 16))[0]).toEqual(a);
    expect((await embed(["x"]))[0]).toHaveLength(64);
  });

  it("lists models, checks the key, and fails the first N requests with 429", async () => {
    expect((await (await fetch(`${openai.url}/models`)).json()).data.map((m: { id: string }) => m.id)).toContain(
      "fake-chat",
    );
    const strict = await startFakeOpenAI({ apiKey: "k", failFirst: 1 });
    expect((await fetch(`${strict.url}/models`)).status).toBe(401);
    const auth = { authorization: "Bearer k" };
    const first = await post(`${strict.url}/chat/completions`, chatBody("q"), auth);
    expect([first.status, first.headers.get("retry-after")]).toEqual([429, "0"]);
    expect((await post(`${strict.url}/chat/completions`, chatBody("q"), auth)).status).toBe(200);
    await strict.close();
  });

  it("reads rules from JSON with patterns", () => {
    const [a, b] = rulesFromJson([
      { system: "분석가", userPattern: "이용료", reply: "a" },
      { user: { regex: "드론|배송", flags: "i" }, reply: "b" },
    ]);
    expect(a?.user).toBeInstanceOf(RegExp);
    expect(a?.system).toBe("분석가");
    expect(b?.user instanceof RegExp && b.user.test("드론")).toBe(true);
    expect(() => rulesFromJson({})).toThrow();
  });
});

describe("fake rerank server", () => {
  it("answers Jina style on /v1/rerank too, taking {text} documents and top_n", async () => {
    const response = await post(`${reranker.url}/v1/rerank`, {
      model: "r",
      query: "이용료 반환",
      documents: [{ text: "임대차" }, { text: "이용료 반환 청구" }],
      top_n: 1,
    });
    expect(await response.json()).toMatchObject({
      results: [{ index: 1, relevance_score: 1, document: { text: "이용료 반환 청구" } }],
    });
  });

  it("answers TEI style from `texts` only, as a sorted array", async () => {
    const tei = await startFakeRerank({ style: "tei" });
    const json = await (await post(`${tei.url}/rerank`, { query: "회비 반환", texts: ["임대차", "회비"] })).json();
    expect(json).toEqual([
      { index: 1, score: 0.5 },
      { index: 0, score: 0 },
    ]);
    expect((await post(`${tei.url}/rerank`, { query: "q", documents: ["a"] })).status).toBe(422);
    await tei.close();
  });
});
