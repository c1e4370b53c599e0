// Pipeline latency against the fake model servers at a fixed speed (400 ms to first token,
// 40 tokens/s), for RAR, the Hybrid + Reranker baseline, and RAR without overlapping.
// Prints figures; asserts nothing.   npm run bench:pipeline
import "./cli";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { streamChat } from "../lib/ai/chat";
import { embedTexts } from "../lib/ai/embed";
import { RATIONALE_MARKER } from "../lib/ai/prompts/judge";
import { rerank } from "../lib/ai/rerank";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { type PipelineDeps, type PipelineOptions, runPipeline } from "../lib/rag/pipeline";
import { DEFAULT_SETTINGS } from "../lib/rag/settings";
import { EmbeddedStore } from "../lib/store/embedded-store";
import { tokenizeKo } from "../lib/text/tokenize-ko";
import { startFakeOpenAI } from "../tests/fake-servers/openai-server";
import { startFakeRerank } from "../tests/fake-servers/rerank-server";

const FIRST_TOKEN_MS = 400;
const TOKENS_PER_SECOND = 40;
const CHARS_PER_TOKEN = 2; // Korean text: about two characters per token

const analyst = "계속적 이용계약의 중도 해지와 잔여 기간 이용료 반환 청구의 가부";
const judge = `쟁점은 회원이 계속적 이용계약을 중도에 해지한 경우 남은 기간의 이용료를 돌려받을 수 있는지이다. 계약의 성질과 위약금 약정을 차례로 본다.
${RATIONALE_MARKER}
계속적 이용계약의 회원은 계약을 중도에 해지할 수 있고, 사업자는 이미 제공한 용역의 대가와 상당한 위약금을 공제한 나머지 이용료를 반환하여야 한다.`;
const answer =
  "회원은 계약을 중도에 해지하고 남은 기간의 이용료 반환을 청구할 수 있습니다(대법원 2030다1234). 사업자는 이미 이용한 기간의 대가와 합리적인 위약금만 공제할 수 있고, 나머지 이용료는 돌려주어야 합니다.";

const llm = await startFakeOpenAI({
  latencyMs: FIRST_TOKEN_MS,
  chunkSize: CHARS_PER_TOKEN,
  chunkDelayMs: 1000 / TOKENS_PER_SECOND,
  rules: [
    { system: "법률 분석가", reply: analyst },
    { system: "대법원 판사", reply: judge },
    { system: "리서치 어시스턴트", reply: answer },
  ],
});
const embeddings = await startFakeOpenAI({ latencyMs: 30, embeddingDimensions: 64 });
const reranker = await startFakeRerank({ latencyMs: 50 });
const embedConfig = { baseURL: embeddings.url, model: "e", timeoutMs: 10_000, batchSize: 64 };

const dir = existsSync(resolve("../shared/data/precedents"))
  ? resolve("../shared/data/precedents")
  : resolve("tests/fixtures/decisions");
const storeDir = mkdtempSync(join(tmpdir(), "rar-bench-pipeline-"));
const store = new EmbeddedStore(storeDir);
for (const file of listInputFiles(dir)) {
  for (const decision of parseFile(file.name, readFileSync(file.path)).decisions) {
    const chunks = chunkDecision(decision, { corpusId: "bench" });
    const vectors = await embedTexts(
      chunks.map((c) => c.text),
      { config: embedConfig },
    );
    await store.upsert(chunks.map((chunk, i) => ({ chunk, tokens: tokenizeKo(chunk.text), vector: vectors[i] })));
  }
}

const deps: PipelineDeps = {
  store,
  settings: DEFAULT_SETTINGS,
  stream: (req) =>
    streamChat({
      ...req,
      config: { baseURL: llm.url, models: { analyst: "a", judge: "j", answer: "w" }, timeoutMs: 60_000 },
    }),
  embed: async (text) => (await embedTexts([text], { config: embedConfig }))[0] ?? [],
  rerank: (q, docs, topN) =>
    rerank(q, docs, { topN, config: { baseURL: reranker.url, model: "r", timeoutMs: 10_000 } }),
};

// About a matter outside the dev benchmark and the sample decisions (the replies are the fake model's).
const QUESTION = "헬스장 1년 회원권을 끊었는데 석 달 만에 이사를 가게 됐어요. 남은 기간 이용료를 돌려받을 수 있나요?";
const systems: [string, PipelineOptions][] = [
  ["RAR (overlapped)", { mode: "rar", overlap: true }],
  ["Hybrid + Reranker", { mode: "hybrid" }],
  ["RAR (no overlap)", { mode: "rar", overlap: false }],
];
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows: Record<string, { firstVisible: number; firstToken: number; total: number; llm: number; queryLlm: number }> =
  {};
for (const [name, options] of systems) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const { trace } = await runPipeline(QUESTION, deps, options);
    const queryLlm = trace.timings
      .filter((t) => t.stage === "llm:analytical" || t.stage === "llm:rationale")
      .reduce((sum, t) => sum + (t.endMs - t.startMs), 0);
    runs.push({
      firstVisible: trace.firstVisibleMs ?? 0,
      firstToken: trace.firstAnswerTokenMs ?? 0,
      total: trace.totalMs,
      llm: trace.llmMs,
      queryLlm,
    });
  }
  rows[name] = {
    firstVisible: median(runs.map((r) => r.firstVisible)),
    firstToken: median(runs.map((r) => r.firstToken)),
    total: median(runs.map((r) => r.total)),
    llm: median(runs.map((r) => r.llm)),
    queryLlm: median(runs.map((r) => r.queryLlm)),
  };
}

const ms = (x: number) => `${Math.round(x)} ms`.padStart(9);
console.log(
  `\nfake LLM: ${FIRST_TOKEN_MS} ms to first token, ${TOKENS_PER_SECOND} tokens/s · ${RUNS} runs each, medians · corpus: ${dir}\n`,
);
console.log("system               first visible  first answer token      total   inside LLM calls");
for (const [name, r] of Object.entries(rows)) {
  console.log(`${name.padEnd(20)} ${ms(r.firstVisible)}      ${ms(r.firstToken)}     ${ms(r.total)}   ${ms(r.llm)}`);
}
const rar = rows["RAR (overlapped)"];
const base = rows["Hybrid + Reranker"];
if (rar && base) {
  const overhead = rar.firstToken - base.firstToken;
  console.log(
    `\nRAR first visible ≤ baseline first answer token: ${rar.firstVisible <= base.firstToken ? "yes" : "NO"} (${Math.round(rar.firstVisible)} vs ${Math.round(base.firstToken)} ms)`,
  );
  console.log(
    `RAR − baseline time to first answer token: ${Math.round(overhead)} ms; its query-writing LLM calls: ${Math.round(rar.queryLlm)} ms; hidden work left visible: ${Math.round(overhead - rar.queryLlm)} ms (target ≤ 100 ms)`,
  );
}
await Promise.all([llm.close(), embeddings.close(), reranker.close(), store.close()]);
rmSync(storeDir, { recursive: true, force: true });
