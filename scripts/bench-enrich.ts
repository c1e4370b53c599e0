// Enrichment throughput benchmark: a live enrichment job over ~5,000 chunks of real decisions
// (the shared ones, replicated under new case numbers) against the fake model server answering
// every call after a realistic latency, at one or more concurrencies. Prints chunks/s, the model's
// tokens (prompt-cache hits included) and cost, and projects wall time and cost for 120,000 chunks.
// Plumbing figures: the fake writes the same short answer for every chunk, so nothing here says
// anything about the quality of contexts or questions (no real model is reachable offline).
//   npm run bench:enrich [-- --chunks 5000 --concurrency 8,32 --latency-ms 300 --kind context
//     --target 120000 --price-in 0.15 --price-cached 0.075 --price-out 0.6 --dir ../shared/data/precedents]
// Prices are per 1M tokens, in any currency (the defaults: a small hosted model's list prices in USD).

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { estimateTokens } from "../lib/text/estimate-tokens";
import { startFakeOpenAI } from "../tests/fake-servers/openai-server";
import { syntheticCorpus } from "./bench-support";
import { requirePath } from "./cli";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const chunksWanted = Number(arg("--chunks", "5000"));
const concurrencies = arg("--concurrency", "8,32")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const latencyMs = Number(arg("--latency-ms", "300"));
const kind = arg("--kind", "context") === "atoms" ? "atoms" : "context";
const target = Number(arg("--target", "120000"));
const prices = {
  input: Number(arg("--price-in", "0.15")),
  cached: Number(arg("--price-cached", "0.075")),
  output: Number(arg("--price-out", "0.6")),
};
const sourceDir = requirePath(arg("--dir", "../shared/data/precedents"));

// How many decisions of the source (in the order syntheticCorpus replicates them) make the chunks.
const files = listInputFiles(sourceDir).filter((f) => f.name.endsWith(".md"));
if (files.length === 0) {
  console.error(`판례가 없습니다: ${sourceDir} (--dir로 precedent-kr 마크다운 폴더를 주세요)`);
  process.exit(2);
}
const perFile = files.map((f) =>
  parseFile(f.name, readFileSync(f.path)).decisions.reduce(
    (n, d) => n + chunkDecision(d, { corpusId: "x", chunkSize: 800, chunkOverlap: 100 }).length,
    0,
  ),
);
let decisions = 0;
for (let sum = 0; sum < chunksWanted; decisions++) sum += perFile[decisions % files.length] ?? 0;

const work = mkdtempSync(join(tmpdir(), "rar-bench-enrich-"));
const CONTEXT = "대법원 판결의 판결요지 부분으로, 손해배상 책임의 성립 요건과 그 범위에 관한 법리를 다룬다.";
const ATOMS =
  '["손해배상 책임은 어떤 요건에서 성립하는가?", "배상 범위는 어떻게 정하는가?", "과실상계는 언제 하는가?"]';
const fake = await startFakeOpenAI({
  embeddingDimensions: 64,
  promptCache: true,
  // Korean as current tokenizers count it, about a token per syllable (depth.ts's estimate).
  tokensOf: estimateTokens,
  rules: [
    { system: "맥락 작성자", reply: CONTEXT, delayMs: latencyMs },
    { system: "원자 질문 작성자", reply: ATOMS, delayMs: latencyMs },
  ],
});
Object.assign(process.env, {
  DATABASE_URL: `file:${join(work, "app.db")}`,
  DATA_DIR: join(work, "data"),
  VECTOR_STORE: "embedded",
  LLM_BASE_URL: fake.url,
  LLM_API_KEY: "bench",
  LLM_MODEL: "fake-chat",
  ENRICH_MODEL: "fake-chat",
  LLM_TIMEOUT_MS: "60000",
  EMBEDDINGS_BASE_URL: fake.url,
  EMBEDDINGS_API_KEY: "bench",
  EMBEDDINGS_MODEL: "fake-embed",
  EMBEDDINGS_DIMENSIONS: "64",
  CHUNK_SIZE: "800",
  CHUNK_OVERLAP: "100",
  ENRICH_PRICE_INPUT_PER_1M: String(prices.input),
  ENRICH_PRICE_CACHED_INPUT_PER_1M: String(prices.cached),
  ENRICH_PRICE_OUTPUT_PER_1M: String(prices.output),
  JOB_HEARTBEAT_SECONDS: "2",
});
delete process.env.MODEL_CALLS_RECORD;
delete process.env.MODEL_CALLS_REPLAY;
execFileSync(
  process.execPath,
  ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/db-migrate.ts"],
  {
    stdio: "ignore",
  },
);

// Only now: these read the settings above.
const { resetEnvCache } = await import("../lib/env");
resetEnvCache();
const { createCorpus, getCorpus } = await import("../lib/db/corpora");
const { createJob } = await import("../lib/db/jobs");
const { clearEnrichmentCache, getEnrichmentJob } = await import("../lib/db/enrichment");
const { deleteCorpusEnrichment } = await import("../lib/db/corpus-enrichment");
const { defaultJobContext } = await import("../lib/ingest/job-queue");
const { runIngestionJob } = await import("../lib/ingest/run-job");
const { enrichJobContext, startEnrichment } = await import("../lib/enrich/enrich-control");
const { runEnrichmentJob } = await import("../lib/enrich/run-enrich-job");
const { closeSideStores } = await import("../lib/enrich/side-stores");
const { processOwner } = await import("../lib/jobs/owner");
const { getStore } = await import("../lib/store");

const input = join(work, "input");
syntheticCorpus(sourceDir, input, decisions);
const corpus = await createCorpus("bench-enrich");
const importJob = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: input });
process.stderr.write(`가져오는 중: 판례 ${decisions}건…\n`);
const importStarted = performance.now();
await runIngestionJob(importJob.id, await defaultJobContext());
const chunks = (await getCorpus(corpus.id))?.chunkCount ?? 0;
console.log(
  `말뭉치: 판례 ${decisions}건, 청크 ${chunks}개 (가져오기 ${((performance.now() - importStarted) / 1000).toFixed(0)}초) · 종류 ${kind} · 가짜 모델 지연 ${latencyMs} ms/호출`,
);

/** Largest gap between ticks of a 10 ms timer on the main thread while `run` runs. */
async function withLoopGap<T>(run: () => Promise<T>): Promise<{ value: T; gap: number }> {
  let gap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 10);
  try {
    return { value: await run(), gap };
  } finally {
    clearInterval(timer);
  }
}

const fmt = (x: number, digits = 1) => x.toLocaleString("en-US", { maximumFractionDigits: digits });
const hours = (s: number) => (s < 3600 ? `${fmt(s / 60)} min` : `${fmt(s / 3600)} h`);
for (const concurrency of concurrencies) {
  // Every run asks the model for every chunk: nothing from the previous run's cache or states.
  await clearEnrichmentCache(kind);
  await deleteCorpusEnrichment(corpus.id);
  const owner = processOwner("cli");
  const { job } = await startEnrichment({ corpusId: corpus.id, kind, owner });
  const ctx = await enrichJobContext(kind);
  const calls = fake.requests.length;
  const started = performance.now();
  let drawn = 0;
  const { value: result, gap } = await withLoopGap(() =>
    runEnrichmentJob(job.id, {
      ...ctx,
      owner,
      concurrency,
      onProgress: (c) => {
        if (!process.stderr.isTTY || performance.now() - drawn < 500) return;
        drawn = performance.now();
        const s = (performance.now() - started) / 1000;
        process.stderr.write(`\r  동시 ${concurrency}: ${c.done}/${c.total} (${fmt(c.done / s)} 청크/s)   `);
      },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (process.stderr.isTTY) process.stderr.write("\n");
  const row = await getEnrichmentJob(job.id);
  if (!row || result.status !== "done") {
    console.log(`동시 ${concurrency}: 작업이 ${result.status}로 끝났습니다: ${result.message ?? ""}`);
    continue;
  }
  const rate = row.done / seconds;
  const perChunk = row.generated > 0 ? row.cost / row.generated : 0;
  const modelCalls = fake.requests.slice(calls).filter((r) => r.path.endsWith("/chat/completions")).length;
  console.log(
    [
      `동시 ${concurrency}: ${row.done} chunks in ${fmt(seconds)} s → ${fmt(rate)} chunks/s (ceiling ${fmt((concurrency * 1000) / latencyMs)}/s at ${latencyMs} ms per call), ${modelCalls} model calls, failed ${row.failed}, main-thread largest gap ${gap.toFixed(0)} ms`,
      `  tokens per chunk: input ${fmt(row.inputTokens / row.generated, 0)} (prompt cache ${fmt(row.cachedInputTokens / row.generated, 0)}), output ${fmt(row.outputTokens / row.generated, 0)} · cost ${fmt(row.cost, 4)} (${fmt(perChunk * 1000, 4)} per 1,000 chunks)`,
      `  projected for ${target.toLocaleString("en-US")} chunks: ${hours(target / rate)} wall, cost ${fmt(perChunk * target, 2)} live / ${fmt(perChunk * target * ctx.prices.batchDiscount, 2)} batch (×${ctx.prices.batchDiscount}) at prices in ${prices.input} / cached ${prices.cached} / out ${prices.output} per 1M`,
    ].join("\n"),
  );
}

await closeSideStores();
await (await getStore()).close();
await fake.close();
rmSync(work, { recursive: true, force: true });
