import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateChat, streamChat } from "@/lib/ai/chat";
import {
  aiConfig,
  aiConfigFrom,
  type ChatConfig,
  configuredComponents,
  type RerankConfig,
  withModelCalls,
} from "@/lib/ai/config";
import { embedTexts } from "@/lib/ai/embed";
import { recordCalls, recordingFetch, replayCalls } from "@/lib/ai/model-calls/modes";
import { rerank } from "@/lib/ai/rerank";
import { checkComponents } from "@/lib/ai/status";
import { parseEnv, resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { type FakeOpenAI, startFakeOpenAI } from "../fake-servers/openai-server";
import { type FakeRerank, startFakeRerank } from "../fake-servers/rerank-server";
import { codeOf, collect, DEAD_URL } from "./support";

let openai: FakeOpenAI;
let reranker: FakeRerank;
const dir = mkdtempSync(join(tmpdir(), "rar-calls-"));
const ANSWER = "예, 청구할 수 있습니다(대법원 2030다1234). 중도 해지한 회원은 남은 이용료 반환을 구할 수 있습니다.";

beforeAll(async () => {
  [openai, reranker] = await Promise.all([
    startFakeOpenAI({
      chunkSize: 5,
      rules: [{ system: "분석가", reply: "회원권 해지와 이용료 반환" }, { reply: ANSWER }],
    }),
    startFakeRerank(),
  ]);
});
afterAll(() => Promise.all([openai.close(), reranker.close()]));

const chatAt = (baseURL: string, calls?: ChatConfig["calls"]): ChatConfig => ({
  baseURL,
  models: { analyst: "m-analyst", judge: "m-judge", answer: "m-answer" },
  timeoutMs: 3000,
  calls,
});
const embedAt = (baseURL: string, calls?: ChatConfig["calls"]) => ({
  baseURL,
  model: "m-embed",
  timeoutMs: 3000,
  batchSize: 2,
  calls,
});
const rerankAt = (baseURL: string, calls?: RerankConfig["calls"]): RerankConfig => ({
  baseURL,
  model: "m-rerank",
  timeoutMs: 3000,
  calls,
});
const DOCS = ["임대차 보증금 반환", "회원권 해지 시 이용료 반환 청구", "계속적 계약의 해지"];
const TEXTS = ["회원권 이용료", "계속적 계약", "임대차"];

async function everyCall(chat: ChatConfig, embed: ReturnType<typeof embedAt>, rr: RerankConfig) {
  const stream = streamChat({ role: "answer", system: "리서치 어시스턴트", prompt: "질문: 이용료?", config: chat });
  const streamed = (await collect(stream.deltas)).join("");
  const usage = await stream.usage;
  const generated = await generateChat({
    role: "analyst",
    system: "법률 분석가",
    prompt: "질문: 이용료?",
    config: chat,
  });
  const vectors = await embedTexts(TEXTS, { config: embed });
  const hits = await rerank("회원권 이용료 반환", DOCS, { topN: 2, config: rr });
  return { streamed, usage, generated: generated.text, vectors, hits };
}

describe("record → replay over the real HTTP clients", () => {
  it("replays every kind of call exactly as recorded, without touching the network", async () => {
    const file = join(dir, "calls.jsonl");
    const rec = recordCalls(file);
    const live = await everyCall(chatAt(openai.url, rec), embedAt(openai.url, rec), rerankAt(reranker.url, rec));
    expect(live.streamed).toBe(ANSWER);
    // The streamed reply is written once its stream has ended.
    await new Promise((r) => setTimeout(r, 50));
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.role).sort()).toEqual(["analyst", "answer", "embeddings", "embeddings", "rerank"]);
    expect(lines.find((l) => l.role === "answer").response.chat.text).toBe(ANSWER);
    expect(lines.find((l) => l.role === "answer").request.stream).toBeUndefined();

    const before = openai.requests.length + reranker.requests.length;
    const play = replayCalls(file);
    // Endpoints that do not exist: a replay that tried the network would fail with ai:unreachable.
    const again = await everyCall(chatAt(DEAD_URL, play), embedAt(DEAD_URL, play), rerankAt(DEAD_URL, play));
    expect(again).toEqual(live);
    expect(openai.requests.length + reranker.requests.length).toBe(before);
  });

  it("a reply recorded unstreamed answers a streamed request and the other way round", async () => {
    const file = join(dir, "cross.jsonl");
    const rec = recordCalls(file);
    await generateChat({ role: "judge", prompt: "질문: 위약금?", config: chatAt(openai.url, rec) });
    const play = replayCalls(file);
    const text = (
      await collect(streamChat({ role: "judge", prompt: "질문: 위약금?", config: chatAt(DEAD_URL, play) }).deltas)
    ).join("");
    expect(text).toBe(ANSWER);
  });

  it("a missing reply is ai:replay_missing naming the role and the request, never a network call", async () => {
    const file = join(dir, "calls.jsonl");
    const play = replayCalls(file);
    const before = openai.requests.length;
    const chat = chatAt(openai.url, play); // a live server: the replay must still not call it
    const error = await streamChatError(chat, "질문: 기록에 없는 새 질문입니다");
    expect(error.code).toBe("ai:replay_missing");
    expect(error.userMessage).toContain("답변(answer)");
    expect(error.userMessage).toContain("기록에 없는 새 질문");
    expect(await codeOf(() => generateChat({ role: "judge", prompt: "질문: 이용료?", config: chat }))).toBe(
      "ai:replay_missing",
    );
    expect(await codeOf(() => embedTexts(["처음 보는 문장"], { config: embedAt(openai.url, play) }))).toBe(
      "ai:replay_missing",
    );
    expect(await codeOf(() => rerank("다른 질의", DOCS, { config: rerankAt(reranker.url, play) }))).toBe(
      "ai:replay_missing",
    );
    expect(openai.requests.length).toBe(before);
  });
});

async function streamChatError(config: ChatConfig, prompt: string): Promise<AppError> {
  try {
    await collect(streamChat({ role: "answer", prompt, config }).deltas);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a failure");
}

describe("record mode never drops a reply silently", () => {
  it("reports a reply it cannot read, and the recording run lists it", async () => {
    const path = join(dir, "unreadable.jsonl");
    const heard: string[] = [];
    const reply = (text: string) => async () => new Response(text, { status: 200 });
    const init = {
      method: "POST",
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "질문" }] }),
    };
    await recordingFetch(path, "analyst", reply("<html>gateway</html>"), (r) => heard.push(r))(
      "http://x/v1/chat/completions",
      init,
    );
    await recordingFetch(path, "analyst", reply('{"choices": []}'), (r) => heard.push(r))(
      "http://x/v1/chat/completions",
      init,
    );
    expect(heard).toEqual([expect.stringContaining("not JSON"), expect.stringContaining("no readable chat message")]);
    const calls = recordCalls(join(dir, "run.jsonl"));
    expect(calls.toJSON()).toEqual({ mode: "record", path: join(dir, "run.jsonl") });
  });
});

describe("the simple recorded-replies format", () => {
  const file = join(dir, "simple.jsonl");
  writeFileSync(
    file,
    [
      {
        id: "q1",
        question: "회원권을  해지하면 이용료를\n돌려받나요?",
        analytical: "회원권 해지와 이용료 반환청구",
        judge: "검토\n[판결 이유]\n사업자는 남은 이용료를 반환하여야 한다.",
      },
      { id: "q2", question: "이용료를 돌려받나요?", analytical: "이용료 반환", judge: "짧은 판단" },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n"),
  );

  it("answers an analyst or judge request whose prompt contains the question (longest match, spaces normalised)", async () => {
    const play = replayCalls(file);
    const chat = chatAt(DEAD_URL, play);
    const analyst = await generateChat({
      role: "analyst",
      system: "바뀐 프롬프트",
      prompt: "질문: 회원권을 해지하면 이용료를 돌려받나요?\n\n분석 질의:",
      config: chat,
    });
    expect(analyst.text).toBe("회원권 해지와 이용료 반환청구");
    const judge = (
      await collect(
        streamChat({
          role: "judge",
          prompt: "질문: 회원권을 해지하면 이용료를 돌려받나요?\n분석 질의: …",
          config: chat,
        }).deltas,
      )
    ).join("");
    expect(judge).toBe("검토\n[판결 이유]\n사업자는 남은 이용료를 반환하여야 한다.");
    const short = await generateChat({ role: "analyst", prompt: "질문: 이용료를 돌려받나요?", config: chat });
    expect(short.text).toBe("이용료 반환");
    // The format has no answers: an answer request is missing, not made up.
    expect(
      await codeOf(() => generateChat({ role: "answer", prompt: "질문: 이용료를 돌려받나요?", config: chat })),
    ).toBe("ai:replay_missing");
  });

  it("counts the LLM as configured without LLM_BASE_URL, and nothing else", () => {
    const settings = parseEnv({ MODEL_CALLS_REPLAY: file });
    const config = withModelCalls(aiConfigFrom(settings), replayCalls(file), settings);
    expect(configuredComponents(config)).toEqual({ llm: true, embeddings: false, reranker: false });
    // A configured reranker with no recorded calls is off in replay mode: replay never touches the network.
    const withRerank = parseEnv({ RERANK_BASE_URL: reranker.url, RERANK_MODEL: "r" });
    expect(configuredComponents(withModelCalls(aiConfigFrom(withRerank), replayCalls(file), withRerank)).reranker).toBe(
      false,
    );
  });

  it("refuses a file with a bad line by its number", () => {
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, `${JSON.stringify({ question: "q", analytical: "a" })}\n{"role": "oracle"}\n`);
    expect(() => replayCalls(bad)).toThrow(
      expect.objectContaining({ userMessage: expect.stringContaining("2번째 줄") }),
    );
  });

  it("MODEL_CALLS_RECORD and MODEL_CALLS_REPLAY are settings, and not both", () => {
    expect(parseEnv({ MODEL_CALLS_REPLAY: file }).MODEL_CALLS_REPLAY).toBe(file);
    expect(() => parseEnv({ MODEL_CALLS_REPLAY: file, MODEL_CALLS_RECORD: "x.jsonl" })).toThrow(/MODEL_CALLS_REPLAY/);
  });
});

describe("the app's settings", () => {
  it("MODEL_CALLS_RECORD records the app's own calls; MODEL_CALLS_REPLAY answers them and the status panel says so", async () => {
    const file = join(dir, "app-calls.jsonl");
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { LLM_BASE_URL: openai.url, LLM_MODEL: "app-model", MODEL_CALLS_RECORD: file });
      resetEnvCache();
      expect(aiConfig().chat?.calls?.mode).toBe("record");
      const live = await generateChat({ role: "analyst", system: "법률 분석가", prompt: "질문: 앱 설정으로 기록" });
      expect(JSON.parse(readFileSync(file, "utf8").trim()).role).toBe("analyst");

      delete process.env.MODEL_CALLS_RECORD;
      Object.assign(process.env, { LLM_BASE_URL: DEAD_URL, MODEL_CALLS_REPLAY: file });
      resetEnvCache();
      const replayed = await generateChat({ role: "analyst", system: "법률 분석가", prompt: "질문: 앱 설정으로 기록" });
      expect(replayed.text).toBe(live.text);
      const [llm] = await checkComponents(aiConfig());
      expect(llm?.state).toBe("active");
      expect(llm?.detail).toContain("기록 재생");
    } finally {
      process.env = saved;
      resetEnvCache();
    }
  });
});
