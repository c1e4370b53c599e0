import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChatScored } from "@/lib/ai/chat-logprobs";
import type { ChatConfig } from "@/lib/ai/config";
import { recordCalls, replayCalls } from "@/lib/ai/model-calls/modes";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { codeOf, collect, DEAD_URL, FAST_RETRY } from "./support";

const ANSWER = "중도 해지한 회원은 남은 이용료 반환을 구할 수 있습니다(대법원 2030다1234).";
let server: FakeOpenAI;
let silent: FakeOpenAI;

beforeAll(async () => {
  [server, silent] = await Promise.all([
    startFakeOpenAI({
      chunkSize: 10,
      rules: [
        { system: "확신 없음", reply: ANSWER, logprobs: [-2, -3] },
        // One reply as from an endpoint without log-probs (the e2e suite has a single fake server).
        { system: "로그확률 없음", reply: ANSWER, logprobs: false },
        { reply: ANSWER },
      ],
    }),
    startFakeOpenAI({ chunkSize: 10, logprobs: false, rules: [{ reply: ANSWER }] }),
  ]);
});
afterAll(() => Promise.all([server.close(), silent.close()]));

const chatAt = (baseURL: string, calls?: ChatConfig["calls"]): ChatConfig => ({
  baseURL,
  apiKey: "k",
  models: { analyst: "a", judge: "j", answer: "w" },
  timeoutMs: 3000,
  retry: FAST_RETRY,
  calls,
});
const ask = (config: ChatConfig, system = "리서치") =>
  streamChatScored({ role: "answer", system, prompt: "질문", config });

describe("a streamed answer with token log-probs (openai client, fake server over HTTP)", () => {
  it("streams the text and hands on one log-prob per token, as scripted per rule", async () => {
    const call = ask(chatAt(server.url), "확신 없음");
    expect((await collect(call.deltas)).join("")).toBe(ANSWER);
    const logprobs = await call.logprobs;
    expect(logprobs?.length).toBe(Math.ceil(ANSWER.length / 10));
    expect(logprobs?.slice(0, 3)).toEqual([-2, -3, -3]);
    expect((await call.usage).outputTokens).toBe(ANSWER.length);
    const sent = server.requests.at(-1)?.body;
    expect(sent).toMatchObject({ model: "w", logprobs: true, stream: true, temperature: 0 });

    const plain = ask(chatAt(server.url));
    await collect(plain.deltas);
    expect(new Set(await plain.logprobs)).toEqual(new Set([-0.1]));
  });

  it("resolves undefined when the endpoint returns no log-probs", async () => {
    const call = ask(chatAt(silent.url));
    expect((await collect(call.deltas)).join("")).toBe(ANSWER);
    expect(await call.logprobs).toBeUndefined();
    const one = ask(chatAt(server.url), "로그확률 없음");
    expect((await collect(one.deltas)).join("")).toBe(ANSWER);
    expect(await one.logprobs).toBeUndefined();
    expect(server.requests.at(-1)?.body).toMatchObject({ logprobs: true });
  });

  it("fails with typed errors: a 5xx is retried once, a 400 is not, a dead host is unreachable", async () => {
    server.setRules([{ error: { status: 503 }, times: 1 }, { reply: ANSWER }]);
    const retried = ask(chatAt(server.url));
    expect((await collect(retried.deltas)).join("")).toBe(ANSWER);
    server.setRules([{ error: { status: 400 } }]);
    const before = server.requests.length;
    expect(await codeOf(() => collect(ask(chatAt(server.url)).deltas))).toBe("ai:upstream_error");
    expect(server.requests.length - before).toBe(1);
    server.setRules([{ error: { status: 401 } }]);
    expect(await codeOf(() => collect(ask(chatAt(server.url)).deltas))).toBe("ai:unauthorized");
    expect(await codeOf(() => collect(ask(chatAt(DEAD_URL)).deltas))).toBe("ai:unreachable");
    server.setRules([{ reply: ANSWER, streamError: "model crashed" }]);
    expect(await codeOf(() => collect(ask(chatAt(server.url)).deltas))).toBe("ai:upstream_error");
    server.setRules([{ hang: true }]);
    expect(await codeOf(() => collect(ask({ ...chatAt(server.url), timeoutMs: 200 }).deltas))).toBe("ai:timeout");
    const controller = new AbortController();
    const stopped = streamChatScored({
      role: "answer",
      system: "s",
      prompt: "p",
      config: chatAt(server.url),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect(await codeOf(() => collect(stopped.deltas))).toBe("ai:aborted");
    server.setRules([{ system: "확신 없음", reply: ANSWER, logprobs: [-2, -3] }, { reply: ANSWER }]);
  });

  it("is recorded with its log-probs and replays them without the network", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "rar-logprobs-")), "calls.jsonl");
    const recorded = ask(chatAt(server.url, recordCalls(file)), "확신 없음");
    await collect(recorded.deltas);
    const original = await recorded.logprobs;
    await new Promise((r) => setTimeout(r, 100)); // the recorder writes once the tee'd stream ends
    const before = server.requests.length;
    const replayed = ask(chatAt(DEAD_URL, replayCalls(file)), "확신 없음");
    expect((await collect(replayed.deltas)).join("")).toBe(ANSWER);
    expect(await replayed.logprobs).toEqual(original);
    expect(server.requests.length).toBe(before);
    // A request never recorded (another system prompt) is an error, never a network call.
    expect(await codeOf(() => collect(ask(chatAt(server.url, replayCalls(file)), "다른 프롬프트").deltas))).toBe(
      "ai:replay_missing",
    );
  });
});
