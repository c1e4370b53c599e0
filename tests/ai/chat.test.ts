import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateChat, streamChat } from "@/lib/ai/chat";
import type { ChatConfig } from "@/lib/ai/config";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { codeOf, DEAD_URL, FAST_RETRY } from "./support";

let server: FakeOpenAI;
let config: ChatConfig;

beforeAll(async () => {
  server = await startFakeOpenAI({ apiKey: "k" });
  config = {
    baseURL: server.url,
    apiKey: "k",
    models: { analyst: "analyst-m", judge: "judge-m", answer: "answer-m" },
    timeoutMs: 300,
    retry: FAST_RETRY,
  };
});
afterAll(() => server.close());

const chatCalls = (since: number) => server.requests.slice(since).filter((r) => r.path.endsWith("/chat/completions"));

describe("generateChat over HTTP", () => {
  it("answers with the role's model, the system prompt, temperature 0, and reports usage", async () => {
    server.setRules([
      { model: "judge-m", reply: "틀린 규칙" },
      {
        model: "analyst-m",
        system: "법률 분석가",
        user: /회원권.*해지/,
        reply: "핵심 쟁점: 회원권 중도 해지와 이용료 반환",
      },
    ]);
    const result = await generateChat({
      role: "analyst",
      system: "당신은 법률 분석가입니다.",
      prompt: "헬스장 회원권을 해지했어요",
      config,
    });
    expect(result.text).toBe("핵심 쟁점: 회원권 중도 해지와 이용료 반환");
    expect(result.finishReason).toBe("stop");
    expect(result.usage).toEqual({ inputTokens: 10, outputTokens: result.text.length });
    const sent = server.requests.at(-1)?.body;
    expect(sent?.model).toBe("analyst-m");
    expect(sent?.temperature).toBe(0);
    expect(sent?.messages).toEqual([
      { role: "system", content: "당신은 법률 분석가입니다." },
      { role: "user", content: "헬스장 회원권을 해지했어요" },
    ]);
  });

  it("takes a conversation and matches on its last user message", async () => {
    server.setRules([{ user: "두 번째", reply: "후속 질문에 대한 답" }]);
    const { text } = await generateChat({
      role: "answer",
      messages: [
        { role: "user", content: "첫 번째 질문" },
        { role: "assistant", content: "첫 답" },
        { role: "user", content: "두 번째 질문" },
      ],
      config,
    });
    expect(text).toBe("후속 질문에 대한 답");
  });

  it("turns a 500 into ai:upstream_error after exactly one retry", async () => {
    server.setRules([{ error: { status: 500 } }]);
    const before = server.requests.length;
    expect(await codeOf(() => generateChat({ role: "judge", prompt: "x", config }))).toBe("ai:upstream_error");
    expect(chatCalls(before)).toHaveLength(2);
  });

  it("retries a 429 and then succeeds; a lasting 429 is ai:rate_limited", async () => {
    server.setRules([
      { error: { status: 429, headers: { "retry-after": "0" } }, times: 1 },
      { reply: "두 번째 시도 성공" },
    ]);
    const before = server.requests.length;
    expect((await generateChat({ role: "answer", prompt: "x", config })).text).toBe("두 번째 시도 성공");
    expect(chatCalls(before)).toHaveLength(2);

    server.setRules([{ error: { status: 429 } }]);
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config }))).toBe("ai:rate_limited");
  });

  it("does not wait out a Retry-After longer than the policy allows", async () => {
    server.setRules([{ error: { status: 429, headers: { "retry-after": "120" } } }]);
    const before = server.requests.length;
    const started = Date.now();
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config }))).toBe("ai:rate_limited");
    expect(chatCalls(before)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("turns a server that never answers into ai:timeout, promptly and without a retry", async () => {
    server.setRules([{ hang: true }]);
    const before = server.requests.length;
    const started = Date.now();
    expect(await codeOf(() => generateChat({ role: "judge", prompt: "x", config }))).toBe("ai:timeout");
    expect(Date.now() - started).toBeLessThan(1500);
    expect(chatCalls(before)).toHaveLength(1);
  });

  it("turns the caller's abort into ai:aborted, also while waiting to retry", async () => {
    server.setRules([{ hang: true }]);
    const slow = { ...config, timeoutMs: 5000 };
    expect(
      await codeOf(() => generateChat({ role: "answer", prompt: "x", config: slow, signal: AbortSignal.timeout(50) })),
    ).toBe("ai:aborted");

    server.setRules([{ error: { status: 503 } }]);
    const patient = { ...slow, retry: { maxRetries: 3, initialDelayMs: 5000, maxDelayMs: 5000 } };
    const started = Date.now();
    expect(
      await codeOf(() =>
        generateChat({ role: "answer", prompt: "x", config: patient, signal: AbortSignal.timeout(100) }),
      ),
    ).toBe("ai:aborted");
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("reports a malformed answer as ai:bad_response", async () => {
    server.setRules([{ raw: "<html>gateway says hi</html>" }]);
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config }))).toBe("ai:bad_response");
    server.setRules([{ raw: JSON.stringify({ choices: "none" }) }]);
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config }))).toBe("ai:bad_response");
  });

  it("reports a refused key, a dead server and a missing config with their own codes", async () => {
    server.setRules([]);
    const wrongKey = { ...config, apiKey: "wrong" };
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config: wrongKey }))).toBe("ai:unauthorized");
    const dead = { ...config, baseURL: `${DEAD_URL}/v1`, timeoutMs: 5000 };
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config: dead }))).toBe("ai:unreachable");
    const unknownHost = { ...config, baseURL: "http://no-such-host.invalid/v1", timeoutMs: 5000 };
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config: unknownHost }))).toBe(
      "ai:unreachable",
    );
  });
});

describe("streamChat's config", () => {
  it("refuses to start without a configured model", () => {
    // No config in the call and none in the (test) environment.
    expect(() => streamChat({ role: "answer", prompt: "x", config: undefined })).toThrowError(/ai:not_configured/);
  });
});
