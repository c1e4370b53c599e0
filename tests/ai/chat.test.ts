import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateChat, streamChat } from "@/lib/ai/chat";
import type { ChatConfig } from "@/lib/ai/config";
import { AppError } from "@/lib/errors";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";

let server: FakeOpenAI;
let config: ChatConfig;

beforeAll(async () => {
  server = await startFakeOpenAI({ apiKey: "k", chunkSize: 4, chunkDelayMs: 2 });
  config = {
    baseURL: server.url,
    apiKey: "k",
    models: { analyst: "analyst-m", judge: "judge-m", answer: "answer-m" },
    timeoutMs: 400,
  };
});
afterAll(() => server.close());

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  return "no error";
}

async function collect(deltas: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of deltas) out.push(d);
  return out;
}

describe("OpenAI-compatible chat over HTTP", () => {
  it("generates a reply with the role's model, temperature 0, and reports usage", async () => {
    server.setRules([{ model: "analyst-m", user: "약혼", reply: "핵심 쟁점: 약혼 해제와 예물 반환" }]);
    const { text, usage } = await generateChat({
      role: "analyst",
      system: "법률 분석가",
      prompt: "약혼을 깼어요",
      config,
    });
    expect(text).toBe("핵심 쟁점: 약혼 해제와 예물 반환");
    expect(usage.outputTokens).toBeGreaterThan(0);
    const sent = server.requests.at(-1)?.body;
    expect(sent?.model).toBe("analyst-m");
    expect(sent?.temperature).toBe(0);
  });

  it("streams a reply in several chunks, in order", async () => {
    const answer = "대법원 1976. 12. 28. 선고 76므41 판결에 따르면 예물 반환을 청구할 수 없습니다.";
    server.setRules([{ reply: answer }]);
    const { deltas, usage } = streamChat({ role: "answer", prompt: "질문", config });
    const parts = await collect(deltas);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join("")).toBe(answer);
    expect((await usage).outputTokens).toBe(answer.length);
    expect(server.requests.at(-1)?.body.stream).toBe(true);
  });

  it("turns a 500 into ai:upstream_error after one retry, generated or streamed", async () => {
    server.setRules([{ error: { status: 500 } }]);
    // The SDK waits before its retry; give the call room so the 500 (not the deadline) decides.
    const patient = { ...config, timeoutMs: 10_000 };
    const before = server.requests.length;
    expect(await codeOf(() => generateChat({ role: "judge", prompt: "x", config: patient }))).toBe("ai:upstream_error");
    expect(server.requests.length - before).toBe(2);
    expect(await codeOf(() => collect(streamChat({ role: "judge", prompt: "x", config: patient }).deltas))).toBe(
      "ai:upstream_error",
    );
  });

  it("turns a server that never answers into ai:timeout, promptly", async () => {
    server.setRules([{ hang: true }]);
    const started = Date.now();
    expect(await codeOf(() => generateChat({ role: "judge", prompt: "x", config }))).toBe("ai:timeout");
    expect(await codeOf(() => collect(streamChat({ role: "judge", prompt: "x", config }).deltas))).toBe("ai:timeout");
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("turns the caller's abort into ai:aborted", async () => {
    server.setRules([{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const slow = { ...config, timeoutMs: 5000 };
    expect(
      await codeOf(() => generateChat({ role: "answer", prompt: "x", config: slow, signal: controller.signal })),
    ).toBe("ai:aborted");
  });

  it("retries once after a 429 and then succeeds", async () => {
    const limited = await startFakeOpenAI({ failFirst: 1, defaultReply: "두 번째 시도 성공" });
    const { text } = await generateChat({
      role: "answer",
      prompt: "x",
      config: { ...config, baseURL: limited.url, timeoutMs: 5000 },
    });
    expect(text).toBe("두 번째 시도 성공");
    expect(limited.requests.filter((r) => r.path.endsWith("/chat/completions"))).toHaveLength(2);
    await limited.close();
  });

  it("reports a refused key and an unreachable server with their own codes", async () => {
    expect(
      await codeOf(() => generateChat({ role: "answer", prompt: "x", config: { ...config, apiKey: "wrong" } })),
    ).toBe("ai:upstream_error");
    const dead = { ...config, baseURL: "http://127.0.0.1:9/v1", timeoutMs: 10_000 };
    expect(await codeOf(() => generateChat({ role: "answer", prompt: "x", config: dead }))).toBe("ai:unreachable");
  });

  it("refuses to run without a configured model", async () => {
    expect(await codeOf(async () => generateChat({ role: "answer", prompt: "x", config: undefined as never }))).toMatch(
      /ai:not_configured/,
    );
  });
});
