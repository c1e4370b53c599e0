// Compares the two ways of combining dense and BM25 scores (weighted normalised scores vs weighted
// RRF) on a benchmark, with whatever embeddings endpoint is given (default: the fake server's
// hashed-bigram vectors, which only stand in for a real model).
//   npx tsx scripts/measure-fusion.ts [precedents-dir] [retrieval.jsonl]
import "./cli";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { embedTexts } from "../lib/ai/embed";
import { caseNdcgAtK, mean, recallAtK } from "../lib/eval/metrics";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { hybridRetrieve } from "../lib/rag/hybrid-retrieve";
import { DEFAULT_SETTINGS, type PipelineSettings } from "../lib/rag/settings";
import { EmbeddedStore } from "../lib/store/embedded-store";
import { tokenizeKo } from "../lib/text/tokenize-ko";
import { startFakeOpenAI } from "../tests/fake-servers/openai-server";

const dir = process.argv[2] ?? "../shared/data/precedents";
const bench = process.argv[3] ?? "../shared/data/dev/retrieval.jsonl";
const server = await startFakeOpenAI({ embeddingDimensions: 256 });
const config = { baseURL: server.url, model: "fake", timeoutMs: 30_000, batchSize: 64 };
const storeDir = mkdtempSync(join(tmpdir(), "rar-fusion-"));
const store = new EmbeddedStore(storeDir);
for (const file of listInputFiles(dir)) {
  for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
    const chunks = chunkDecision(d, { corpusId: "m" });
    const vectors = await embedTexts(
      chunks.map((c) => c.text),
      { config },
    );
    await store.upsert(chunks.map((chunk, i) => ({ chunk, tokens: tokenizeKo(chunk.text), vector: vectors[i] })));
  }
}
const items = readFileSync(bench, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { question: string; gold_case_numbers: string[] });
const variants: [string, Partial<PipelineSettings>, boolean][] = [
  ["BM25 only", {}, false],
  ["dense only", { denseWeight: 1, sparseWeight: 0 }, true],
  ["score fusion 4:6", { hybridFusion: "score" }, true],
  ["RRF fusion 4:6", { hybridFusion: "rrf" }, true],
];
console.log("variant            R@20   cNDCG@20");
for (const [name, over, dense] of variants) {
  const settings = { ...DEFAULT_SETTINGS, ...over, topN: 20 };
  const rows = [];
  for (const item of items) {
    const vector = dense ? (await embedTexts([item.question], { config }))[0] : undefined;
    const { fused, dense: denseList } = await hybridRetrieve(item.question, vector, store, settings);
    const ranked = (name === "dense only" ? denseList : fused).map((s) => s.chunk);
    rows.push([recallAtK(ranked, item.gold_case_numbers, 20), caseNdcgAtK(ranked, item.gold_case_numbers, 20)]);
  }
  console.log(
    `${name.padEnd(18)} ${mean(rows.map((r) => r[0] ?? 0)).toFixed(3)}  ${mean(rows.map((r) => r[1] ?? 0)).toFixed(3)}`,
  );
}
await Promise.all([server.close(), store.close()]);
rmSync(storeDir, { recursive: true, force: true });
