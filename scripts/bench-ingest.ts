// Ingestion and sparse-query benchmark on a synthetic corpus of ~120,000 chunks built from the
// shared decisions (each decision replicated under new case numbers). Prints figures; asserts nothing.
//   npm run bench:ingest [-- --chunks 120000 --dir ../shared/data/precedents]
import "./load-env";
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { tokenizeKo } from "../lib/ingest/tokenize-ko";
import { EmbeddedStore } from "../lib/store/embedded-store";
import type { IndexedChunk } from "../lib/store/types";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const target = Number(arg("--chunks", "120000"));
// --dense N: also store an N-dimension vector per chunk (random, seeded) and time dense top-30 search.
const denseDims = Number(arg("--dense", "0"));
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648 - 0.5;
};
const randomVector = () => (denseDims ? Array.from({ length: denseDims }, random) : undefined);
const dir = arg("--dir", "../shared/data/precedents");
const bench = arg("--bench", "../shared/data/dev/retrieval.jsonl");

const files = listInputFiles(dir).map((f) => ({ name: f.name, bytes: readFileSync(f.path) }));
const perPass = files.reduce(
  (n, f) =>
    n + parseFile(f.name, f.bytes).decisions.reduce((m, d) => m + chunkDecision(d, { corpusId: "x" }).length, 0),
  0,
);
const passes = Math.ceil(target / perPass);
const storeDir = mkdtempSync(join(tmpdir(), "rar-bench-"));
const store = new EmbeddedStore(storeDir);
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);

console.log(`${files.length} decisions × ${passes} passes ≈ ${perPass * passes} chunks → ${storeDir}`);
const started = performance.now();
let chunks = 0;
let batch: IndexedChunk[] = [];
for (let pass = 0; pass < passes; pass++) {
  for (const file of files) {
    for (const decision of parseFile(file.name, file.bytes).decisions) {
      // A new case number per pass makes every replica a distinct decision.
      const replica = { ...decision, meta: { ...decision.meta, caseNo: `${decision.meta.caseNo}~${pass}` } };
      for (const chunk of chunkDecision(replica, { corpusId: "bench" })) {
        batch.push({ chunk, tokens: tokenizeKo(chunk.text), vector: randomVector() });
      }
    }
    if (batch.length >= 2000) {
      await store.upsert(batch);
      chunks += batch.length;
      batch = [];
    }
  }
  process.stderr.write(
    `\r  pass ${pass + 1}/${passes}: ${chunks} chunks, ${(chunks / ((performance.now() - started) / 1000)).toFixed(0)} chunks/s   `,
  );
}
await store.upsert(batch);
chunks += batch.length;
const seconds = (performance.now() - started) / 1000;
process.stderr.write("\n");

const questions = readFileSync(bench, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => tokenizeKo((JSON.parse(l) as { question: string }).question));
const latencies: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of questions) {
    const t = performance.now();
    await store.sparseSearch(q, { topN: 30, filter: { corpusIds: ["bench"] } });
    latencies.push(performance.now() - t);
  }
}
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
};
const pct = (p: number) => percentile(latencies, p);
const denseLatencies: number[] = [];
for (let i = 0; denseDims && i < 50; i++) {
  const query = randomVector() ?? [];
  const t = performance.now();
  await store.denseSearch(query, { topN: 30, filter: { corpusIds: ["bench"] } });
  denseLatencies.push(performance.now() - t);
}
const closeStarted = performance.now();
await store.close(); // writes the index snapshot
const closeSeconds = (performance.now() - closeStarted) / 1000;
// Peak of ingest + queries + snapshot; the reopens below hold a second index in this process.
const peakRss = process.resourceUsage().maxRSS * 1024;
const size = execSync(`du -sb ${storeDir}`).toString().split("\t")[0];

// Reopen twice: from the snapshot, then rebuilt from SQLite as if the snapshot were missing or stale.
const reopen = async () => {
  const t = performance.now();
  const reopened = new EmbeddedStore(storeDir);
  const seconds = (performance.now() - t) / 1000;
  const count = await reopened.count();
  await reopened.close();
  return `${seconds.toFixed(1)} s, ${count} chunks`;
};
const fromSnapshot = await reopen();
rmSync(join(storeDir, "sparse.snapshot"));
const rebuilt = await reopen();

console.log(`
chunks indexed            ${chunks}
parse+chunk+tokenize+index ${seconds.toFixed(1)} s = ${(chunks / seconds).toFixed(0)} chunks/s
peak RSS                  ${mb(peakRss)} MB (ingest, queries, snapshot)
index size on disk        ${mb(Number(size))} MB
sparse top-30 latency     p50 ${pct(0.5)} ms · p95 ${pct(0.95)} ms (${latencies.length} queries)
index snapshot write      ${closeSeconds.toFixed(1)} s (on close)
reopen from snapshot      ${fromSnapshot}
reopen, rebuild from SQL  ${rebuilt}${
  denseDims
    ? `\ndense top-30 latency      p50 ${percentile(denseLatencies, 0.5)} ms · p95 ${percentile(denseLatencies, 0.95)} ms (${denseDims} dims, brute force)`
    : ""
}`);
rmSync(storeDir, { recursive: true, force: true });
