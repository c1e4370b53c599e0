// Ingestion and query benchmark on a synthetic corpus of ~120,000 chunks built from the shared
// decisions (each decision replicated under new case numbers). Prints figures; asserts nothing.
//   npm run bench:ingest [-- --chunks 120000 --dir ../shared/data/precedents --dense 1024
//                           --vectors text|clustered|random --ef 1024]
// --dense N stores an N-dimension vector per chunk (kinds: scripts/ann-vectors.ts; "text", the
// default, gives neighbourhoods as real embeddings have; "random" has none, the worst case for any
// graph) and compares dense top-30 search (HNSW graphs, dense-index.ts) with brute force on the same
// queries. The machine's load average is printed at the start and the end (it skews every figure).
// Two processes on one store directory play the server and the ingest CLI: the CLI
// (bench-ingest-writer.ts) only writes (it never starts an index worker); this process is the
// server: it searches, and its index worker applies the CLI's writes from the change log while they
// happen (in its own thread, as in the real server). So the memory figures are the server's alone.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { execSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { CONNECTIVITY, EXPANSION_ADD, OVERSAMPLE } from "../lib/store/ann-graph";
import { ANN_DEFAULTS } from "../lib/store/ann-options";
import { EmbeddedStore } from "../lib/store/embedded-store";
import { tokenizeKo } from "../lib/text/tokenize-ko";
import { type VectorKind, vectorSource } from "./ann-vectors";
import { compareDense, describeComparison, graphsBuilt } from "./bench-dense";
import { requirePath } from "./cli";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const target = Number(arg("--chunks", "120000"));
const denseDims = Number(arg("--dense", "0"));
const vectorKind = arg("--vectors", "text") as VectorKind;
const ef = arg("--ef", "");
const source = vectorSource(vectorKind, denseDims || 1);
const dir = requirePath(arg("--dir", "../shared/data/precedents"));
const bench = requirePath(arg("--bench", "../shared/data/dev/retrieval.jsonl"));

const files = listInputFiles(dir).map((f) => ({ name: f.name, bytes: readFileSync(f.path) }));
const perPass = files.reduce(
  (n, f) =>
    n + parseFile(f.name, f.bytes).decisions.reduce((m, d) => m + chunkDecision(d, { corpusId: "x" }).length, 0),
  0,
);
const passes = Math.ceil(target / perPass);
const storeDir = mkdtempSync(join(tmpdir(), "rar-bench-"));
const server = new EmbeddedStore(storeDir, ef ? { ann: { ef: Number(ef) } } : {});
await server.count(); // starts the server's index worker on the empty store
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);

/** Largest gap between ticks of a 5 ms timer on this (the main) thread while `work` runs. */
async function eventLoopGap<T>(work: () => Promise<T>): Promise<{ value: T; gap: number; ms: number }> {
  let gap = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  try {
    const value = await work();
    return { value, gap: Math.max(gap, performance.now() - last), ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/** Waits until the server's index reflects every committed change; returns the stats then. */
async function caughtUp() {
  for (;;) {
    const stats = await server.indexStats();
    if (stats.cursor >= stats.head) return stats;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const loadAtStart = load();
console.log(
  `${files.length} decisions × ${passes} passes ≈ ${perPass * passes} chunks${denseDims ? ` × ${denseDims} dims (${vectorKind} vectors)` : ""} → ${storeDir}`,
);
/** The CLI's writes, in a child process (bench-ingest-writer.ts); resolves with its figures. */
function write(chunkCount: number, corpus: string, tag: string): Promise<{ chunks: number; seconds: number }> {
  const args = ["--import", "tsx", "scripts/bench-ingest-writer.ts", storeDir, "--dir", dir];
  args.push("--chunks", String(chunkCount), "--corpus", corpus, "--tag", tag);
  if (denseDims) args.push("--dense", String(denseDims), "--vectors", vectorKind);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    // Its figures come the moment its last write is committed (it closes its store after).
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0] as string));
    });
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`bench-ingest-writer.ts exited with ${code}`));
    });
  });
}

const { chunks, seconds } = await write(perPass * passes, "bench", "");
// (a) How far the server's index was behind when the CLI finished, and its incremental apply rate.
const lagStarted = performance.now();
const applied = await caughtUp();
const lagSeconds = (performance.now() - lagStarted) / 1000;
// (a') The dense graph, built in the worker's slices meanwhile: when it was complete.
const graphStats = await graphsBuilt(server);
// Resident memory now / the peak so far, after each phase: where the peak comes from.
const rssAt: string[] = [];
const rssNow = (label: string) =>
  rssAt.push(`${label} ${mb(process.memoryUsage().rss)}/${mb(process.resourceUsage().maxRSS * 1024)}`);
rssNow("indexed");
const graphLag = (performance.now() - lagStarted) / 1000;

const questionTexts = readFileSync(bench, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { question: string }).question);
const questions = questionTexts.map(tokenizeKo);
// Dense queries: the questions embedded the same way as the chunks (random/clustered: fresh draws).
const denseQueries = Array.from({ length: 60 }, (_, i) =>
  Array.from(source.query(questionTexts[i % questionTexts.length] as string)),
);
const filter = { corpusIds: ["bench"] };
const latencies: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of questions) {
    const t = performance.now();
    await server.sparseSearch(q, { topN: 30, filter });
    latencies.push(performance.now() - t);
  }
}
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
};
const pct = (p: number) => percentile(latencies, p);
const dense = denseDims ? await compareDense(server, denseQueries, 30, filter) : undefined;
// (b) The main thread during a burst of concurrent questions (4 searches each, as RAR does).
const burstQuestions = 8;
const burst = await eventLoopGap(() =>
  Promise.all(
    Array.from({ length: burstQuestions }, (_, i) => {
      const q = questions[i % questions.length] as string[];
      const searches = [server.sparseSearch(q, { topN: 30, filter }), server.sparseSearch(q, { topN: 30, filter })];
      if (denseDims) {
        searches.push(server.denseSearch(denseQueries[i] as number[], { topN: 30, filter }));
        searches.push(server.denseSearch(denseQueries[i + burstQuestions] as number[], { topN: 30, filter }));
      }
      return Promise.all(searches);
    }),
  ),
);
// Peak so far, comparable with earlier runs of this benchmark (ingest and queries, no extra writes).
const peakRssMain = process.resourceUsage().maxRSS * 1024;
rssNow("queried");
// (a) again, on a live index: another 10% written by the CLI into a second corpus, caught up.
const extra = Math.round(chunks / 10);
const before = await server.indexStats();
await write(extra, "bench-2", "extra");
const extraWritten = performance.now();
const extraBurst = await eventLoopGap(async () => {
  // Searches while the worker applies what the CLI just wrote.
  const q = questions[0] as string[];
  const answers = [];
  for (let i = 0; i < 20; i++) answers.push(await server.sparseSearch(q, { topN: 30, filter }));
  return answers.length;
});
const afterExtra = await caughtUp();
const extraLag = (performance.now() - extraWritten) / 1000;
const extraRate =
  (afterExtra.appliedChunks - before.appliedChunks) / ((afterExtra.applyMs - before.applyMs) / 1000 || 1);
const extraCount = await server.count({ corpusIds: ["bench-2"] });
// Filtered dense search (the filter inside the graph search, or exact where it leaves few vectors):
// one case type (~73% of the chunks), the second corpus (~9%), one case type in it (~1%).
await graphsBuilt(server);
rssNow("+10%");
const denseFilters = [
  { label: "case-type filter", filter: { caseTypes: ["민사"] } },
  { label: "corpus filter", filter: { corpusIds: ["bench-2"] } },
  { label: "narrow filter", filter: { corpusIds: ["bench-2"], caseTypes: ["세무"] } },
];
const denseFiltered = [];
for (const { label, filter } of denseDims ? denseFilters : []) {
  const comparison = await compareDense(server, denseQueries, 30, filter);
  denseFiltered.push(describeComparison(`  ${label} (${await server.count(filter)})`, comparison));
}

// The snapshot is written by the worker: the main thread's largest gap meanwhile.
rssNow("filtered queries");
const snapshotWrite = await eventLoopGap(() => server.flushSnapshot());
rssNow("snapshot");
const snapshotStats = await server.indexStats();
await server.close();
// Peak of ingest + queries + snapshot; the reopens below hold a second index in this process.
const peakRss = process.resourceUsage().maxRSS * 1024;
const size = execSync(`du -sb ${storeDir}`).toString().split("\t")[0];

// Reopen twice: from the snapshot, then rebuilt from SQLite as if the snapshot were missing or stale.
const reopen = async () => {
  const reopened = new EmbeddedStore(storeDir);
  const { value: count, gap, ms } = await eventLoopGap(() => reopened.count()); // loads in the worker
  const { graphLoads, graphs } = await reopened.indexStats();
  await reopened.close();
  const graph = denseDims
    ? ` · dense graph ${graphLoads ? "read from disk" : `rebuilding (${graphs[0]?.pending} pending)`}`
    : "";
  return `${(ms / 1000).toFixed(1)} s, ${count} chunks${graph} (main thread's largest gap ${gap.toFixed(0)} ms)`;
};
const fromSnapshot = await reopen();
rmSync(join(storeDir, "sparse.snapshot"));
const rebuilt = await reopen();

const rate = (n: number, ms: number) => (n / (ms / 1000 || 1)).toFixed(0);
console.log(`
chunks indexed            ${chunks}
parse+chunk+tokenize+write ${seconds.toFixed(1)} s = ${(chunks / seconds).toFixed(0)} chunks/s (CLI side; the server's worker applied meanwhile)
server index caught up    ${lagSeconds.toFixed(1)} s after the last write · applied ${applied.appliedChunks} chunks incrementally at ${rate(applied.appliedChunks, applied.applyMs)} chunks/s (worker time)
${
  denseDims
    ? `dense graph complete      ${graphLag.toFixed(1)} s after the last write = +${((100 * graphLag) / seconds).toFixed(0)}% on the ingest time · ${graphStats.dense.inserted} insertions, ${(graphStats.dense.insertMs / 1000).toFixed(1)} s of worker time (${((100 * graphStats.dense.insertMs) / 1000 / seconds).toFixed(0)}% of the ingest time)\n`
    : ""
}peak RSS                  ${mb(peakRssMain)} MB (ingest, queries) · ${mb(peakRss)} MB (+10% more chunks, snapshot)\nRSS now/peak after        ${rssAt.join(" · ")} MB
index size on disk        ${mb(Number(size))} MB
sparse top-30 latency     p50 ${pct(0.5)} ms · p95 ${pct(0.95)} ms (${latencies.length} queries)${
  dense ? ["", describeComparison(`dense top-30 (${denseDims} dims)`, dense), ...denseFiltered].join("\n") : ""
}
query burst               ${burstQuestions} questions × ${denseDims ? 4 : 2} searches at once: ${(burst.ms / 1000).toFixed(2)} s · main thread's largest event-loop gap ${burst.gap.toFixed(0)} ms
CLI writes to a live index ${extraCount} chunks: caught up ${extraLag.toFixed(1)} s after the last write · apply ${extraRate.toFixed(0)} chunks/s · searches meanwhile: largest gap ${extraBurst.gap.toFixed(0)} ms
index snapshot write      ${(snapshotStats.lastSnapshotMs / 1000).toFixed(1)} s in the worker${denseDims ? ` + dense graph ${(snapshotStats.lastGraphSaveMs / 1000).toFixed(1)} s` : ""} · main thread's largest gap ${snapshotWrite.gap.toFixed(0)} ms
reopen from snapshot      ${fromSnapshot}
reopen, rebuild from SQL  ${rebuilt}${
  denseDims
    ? `\ndense graphs              usearch, 8-bit vectors, M ${CONNECTIVITY}, efConstruction ${EXPANSION_ADD}, ef ${ef || ANN_DEFAULTS.ef}, ${OVERSAMPLE} × k candidates scored exactly, one graph per corpus from ${ANN_DEFAULTS.minVectors} vectors`
    : ""
}
load average              ${loadAtStart} at the start · ${load()} at the end (1, 5, 15 min; 2 cores)`);
rmSync(storeDir, { recursive: true, force: true });
