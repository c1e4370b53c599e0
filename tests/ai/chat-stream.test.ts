import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChat } from "@/lib/ai/chat";
import type { ChatConfig } from "@/lib/ai/config";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { codeOf, collect, DEAD_URL, FAST_RETRY } from "./support";

let server: FakeOpenAI;
let config: ChatConfig;

beforeAll(async () => {
  server = await startFakeOpenAI({ chunkSize: 4, chunkDelayMs: 2 });
  config = {
    baseURL: server.url,
    models: { analyst: "analyst-m", judge: "judge-m", answer: "answer-m" },
    timeoutMs: 300,
    retry: FAST_RETRY,
  };
});
afterAll(() => server.close());

const ANSWER =
  "대법원 2030. 5. 14. 선고 2030다1234 판결에 따르면 중도 해지한 회원은 남은 이용료 반환을 청구할 수 있습니다.";
const chatCalls = (since: number) => server.requests.slice(since).filter((r) => r.path.endsWith("/chat/completions"));

describe("streamChat over HTTP", () => {
  it("streams a reply in several chunks, in order, then usage and finish reason", async () => {
    server.setRules([{ reply: ANSWER }]);
    const { deltas, usage, finish } = streamChat({
      role: "answer",
      system: "리서치 어시스턴트",
      prompt: "질문",
      config,
    });
    const parts = await collect(deltas);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.join("")).toBe(ANSWER);
    expect(await usage).toEqual({ inputTokens: 10, outputTokens: ANSWER.length });
    expect((await finish).finishReason).toBe("stop");
    const sent = server.requests.at(-1)?.body;
    expect(sent?.stream).toBe(true);
    expect(sent?.model).toBe("answer-m");
  });

  it("keeps a long answer that keeps flowing, though it takes longer than the timeout in all", async () => {
    server.setRules([{ reply: "가".repeat(60), chunkDelayMs: 25 }]); // 15 chunks × 25 ms ≈ 375 ms > 300 ms
    const text = (await collect(streamChat({ role: "answer", prompt: "x", config }).deltas)).join("");
    expect(text).toBe("가".repeat(60));
  });

  it("gives up on a stream that stalls: ai:timeout from the iterator, after the text so far", async () => {
    server.setRules([{ hang: true }]);
    const started = Date.now();
    expect(await codeOf(() => collect(streamChat({ role: "judge", prompt: "x", config }).deltas))).toBe("ai:timeout");
    expect(Date.now() - started).toBeLessThan(1500);

    server.setRules([{ reply: "가나다라마바사아자차카타파하", stallAfterChunks: 2 }]);
    const seen: string[] = [];
    const code = await codeOf(async () => {
      for await (const d of streamChat({ role: "judge", prompt: "x", config }).deltas) seen.push(d);
    });
    expect(code).toBe("ai:timeout");
    expect(seen.join("")).toBe("가나다라마바사아");
  });

  it("retries a 500 or 429 before the first delta; a lasting 500 is ai:upstream_error", async () => {
    server.setRules([{ error: { status: 429 }, times: 1 }, { reply: "재시도 후 답변" }]);
    const before = server.requests.length;
    expect((await collect(streamChat({ role: "answer", prompt: "x", config }).deltas)).join("")).toBe("재시도 후 답변");
    expect(chatCalls(before)).toHaveLength(2);

    server.setRules([{ error: { status: 500 } }]);
    const { deltas, usage } = streamChat({ role: "answer", prompt: "x", config });
    expect(await codeOf(() => collect(deltas))).toBe("ai:upstream_error");
    expect(await usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it("surfaces an error frame sent mid-stream as ai:upstream_error, after the text before it", async () => {
    server.setRules([{ reply: "앞부분 텍스트", streamError: "model crashed" }]);
    const seen: string[] = [];
    const code = await codeOf(async () => {
      for await (const d of streamChat({ role: "answer", prompt: "x", config }).deltas) seen.push(d);
    });
    expect(code).toBe("ai:upstream_error");
    expect(seen.join("")).toBe("앞부분 텍스트");
  });

  it("surfaces a dropped connection and a garbage stream as AppErrors, not crashes", async () => {
    server.setRules([{ reply: ANSWER, dropAfterChunks: 3 }]);
    expect(await codeOf(() => collect(streamChat({ role: "answer", prompt: "x", config }).deltas))).toBe(
      "ai:unreachable",
    );
    server.setRules([{ raw: "data: {not json}\n\n" }]);
    expect(await codeOf(() => collect(streamChat({ role: "answer", prompt: "x", config }).deltas))).toBe(
      "ai:bad_response",
    );
  });

  it("turns the caller's abort mid-stream into ai:aborted", async () => {
    server.setRules([{ reply: ANSWER, chunkDelayMs: 20 }]);
    const controller = new AbortController();
    const seen: string[] = [];
    const code = await codeOf(async () => {
      for await (const d of streamChat({ role: "answer", prompt: "x", config, signal: controller.signal }).deltas) {
        seen.push(d);
        if (seen.length === 2) controller.abort();
      }
    });
    expect(code).toBe("ai:aborted");
    expect(seen.length).toBeLessThan(5);
  });

  it("lets a reader leave early without an error, and reports no usage then", async () => {
    server.setRules([{ reply: ANSWER }]);
    const { deltas, finish } = streamChat({ role: "answer", prompt: "x", config });
    for await (const _ of deltas) break;
    expect(await finish).toEqual({ usage: { inputTokens: 0, outputTokens: 0 }, finishReason: "unknown" });
  });

  it("reports an unreachable server from the iterator", async () => {
    const dead = { ...config, baseURL: `${DEAD_URL}/v1` };
    expect(await codeOf(() => collect(streamChat({ role: "answer", prompt: "x", config: dead }).deltas))).toBe(
      "ai:unreachable",
    );
  });
});
