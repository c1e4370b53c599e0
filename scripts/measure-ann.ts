// Measures an HNSW library on the same vectors the embedded store would hold, against exact search:
// build time, memory, top-30 latency and recall@30 per search breadth, filtered search at several
// selectivities, updates (delete + add), save/load. One library per process, so RSS is its own.
//   npx tsx scripts/measure-ann.ts --lib hnswlib|usearch [--n 120000 --dims 1024 --vectors random|clustered|text
//     --m 16 --efc 100 --ef 64,128,256 --queries 100 --threads 1 --quant f32|f16|i8 --over 1]
// --quant: usearch's stored vectors (the store uses i8); --over N: ask N × 30 candidates and score them
// again exactly, as the store does (it uses 2). Prints figures; asserts nothing. The choice and the
// figures are recorded in lib/store/dense-index.ts.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { dot, percentile, recallAtK, type VectorKind, vectorSource } from "./ann-vectors";
import { requirePath } from "./cli";

const require = createRequire(import.meta.url);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const lib = arg("--lib", "usearch");
const n = Number(arg("--n", "120000"));
const dims = Number(arg("--dims", "1024"));
const kind = arg("--vectors", "random") as VectorKind;
const M = Number(arg("--m", "16"));
const efc = Number(arg("--efc", "100"));
const efs = arg("--ef", "64,128,256").split(",").map(Number);
const queryCount = Number(arg("--queries", "100"));
const threads = Number(arg("--threads", "1"));
const quant = arg("--quant", "f32");
const over = Number(arg("--over", "1"));
const K = 30;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const rss = () => process.memoryUsage().rss;
const ms = (t: number) => (performance.now() - t).toFixed(0);

// The vectors: replicas of the shared decisions' chunks, as bench:ingest writes them.
const source = vectorSource(kind, dims);
const texts = listInputFiles(requirePath("../shared/data/precedents")).flatMap((f) =>
  parseFile(f.name, readFileSync(f.path)).decisions.flatMap((d) =>
    chunkDecision(d, { corpusId: "x" }).map((c) => c.text),
  ),
);
const vectors: Float32Array[] = Array.from({ length: n }, (_, i) => source.chunk(texts[i % texts.length] as string));
const questions = readFileSync("../shared/data/dev/retrieval.jsonl", "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { question: string }).question);
const queries = Array.from({ length: queryCount }, (_, i) =>
  source.query(i < questions.length ? (questions[i] as string) : (texts[(i * 7_919) % texts.length] as string)),
);
// Every vector normalized once (cosine = inner product), as the store does.
for (const v of [...vectors, ...queries]) {
  const norm = Math.sqrt(dot(v, v)) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) / norm;
}
// "Corpora" of several sizes: label l belongs to group l % 100, so a filter on groups [0, g) keeps g%.
const SELECTIVITIES = [0.5, 0.2, 0.1, 0.05, 0.02, 0.01];

function exact(q: Float32Array, allowed?: (l: number) => boolean): { ids: number[]; scores: number[] } {
  const scored: [number, number][] = [];
  for (let l = 0; l < n; l++) if (!allowed || allowed(l)) scored.push([l, dot(vectors[l] as Float32Array, q)]);
  scored.sort((a, b) => b[1] - a[1]);
  const top = scored.slice(0, K);
  return { ids: top.map((s) => s[0]), scores: top.map((s) => s[1]) };
}

interface Ann {
  add(label: number, v: Float32Array): void;
  addMany?(from: number, to: number): void;
  setEf(ef: number): void;
  search(q: Float32Array, k: number, allowed?: (l: number) => boolean): number[];
  remove(label: number): void;
  /** Re-adds a removed label with a new vector. */
  readd(label: number, v: Float32Array): void;
  save(path: string): void;
  load(path: string): void;
}

/** The part of hnswlib-node's API measured here (typed locally: the app does not depend on it). */
interface Hnsw {
  initIndex(options: { maxElements: number; m: number; efConstruction: number; randomSeed: number }): void;
  addPoint(point: number[], label: number): void;
  setEf(ef: number): void;
  searchKnn(query: number[], k: number, filter?: (label: number) => boolean): { neighbors: number[] };
  markDelete(label: number): void;
  writeIndexSync(path: string): void;
  readIndexSync(path: string): void;
}

function hnswlib(): Ann {
  let HierarchicalNSW: new (space: string, dims: number) => Hnsw;
  try {
    ({ HierarchicalNSW } = require("hnswlib-node"));
  } catch {
    throw new Error("--lib hnswlib needs hnswlib-node, which the app does not use: npm install --no-save hnswlib-node");
  }
  let index = new HierarchicalNSW("ip", dims);
  index.initIndex({ maxElements: n, m: M, efConstruction: efc, randomSeed: 100 });
  return {
    add: (l, v) => index.addPoint(Array.from(v), l),
    setEf: (ef) => index.setEf(ef),
    search: (q, k, allowed) => index.searchKnn(Array.from(q), k, allowed).neighbors,
    remove: (l) => index.markDelete(l),
    readd: (l, v) => index.addPoint(Array.from(v), l),
    save: (path) => index.writeIndexSync(path),
    load: (path) => {
      index = new HierarchicalNSW("ip", dims);
      index.readIndexSync(path);
    },
  };
}

function usearch(): Ann {
  const u = require("usearch") as typeof import("usearch");
  // Normalized vectors: cosine ranks as the inner product does, and usearch's 8-bit vectors need it.
  const config = { dimensions: dims, metric: u.MetricKind.Cos, quantization: quant as never };
  let ef = 64;
  const make = () =>
    new u.Index({ ...config, connectivity: M, expansion_add: efc, expansion_search: ef, multi: false } as never);
  let index = make();
  return {
    add: (l, v) => index.add(BigInt(l), v, threads),
    addMany(from, to) {
      const flat = new Float32Array((to - from) * dims);
      for (let l = from; l < to; l++) flat.set(vectors[l] as Float32Array, (l - from) * dims);
      index.add(
        BigUint64Array.from({ length: to - from }, (_, i) => BigInt(from + i)),
        flat,
        threads,
      );
    },
    // expansion_search is fixed at construction in the JS binding: a reload with another config.
    setEf(next) {
      if (next === ef) return;
      const path = join(tmpdir(), `usearch-ef-${process.pid}`);
      index.save(path);
      ef = next;
      index = make();
      index.load(path);
      rmSync(path);
    },
    // No predicate in the JS binding: a filter can only be applied after the search.
    search: (q, k, allowed) => {
      const keys = [...index.search(q, k, threads).keys].map(Number);
      return allowed ? keys.filter(allowed) : keys;
    },
    remove: (l) => index.remove(BigInt(l)),
    readd: (l, v) => index.add(BigInt(l), v, threads),
    save: (path) => index.save(path),
    load: (path) => {
      index = make();
      index.load(path);
    },
  };
}

console.log(
  `${lib}${lib === "usearch" ? ` ${quant}` : ""} · ${n} × ${dims} ${kind} vectors (${texts.length} distinct texts) · M ${M} · efConstruction ${efc} · ${queryCount} queries · ${over} × k rescored · load ${readFileSync("/proc/loadavg", "utf8").slice(0, 14)}`,
);
let t = performance.now();
const truth = queries.map((q) => exact(q));
const exactMs = (performance.now() - t) / queries.length;
const scoreOf = (q: Float32Array) => (l: number) => dot(vectors[l] as Float32Array, q);
console.log(`exact (JS, 4 sums in the store; here 1)  ${exactMs.toFixed(0)} ms/query`);

const before = rss();
t = performance.now();
const ann = lib === "usearch" ? usearch() : hnswlib();
if (ann.addMany) for (let at = 0; at < n; at += 1_000) ann.addMany(at, Math.min(n, at + 1_000));
else for (let l = 0; l < n; l++) ann.add(l, vectors[l] as Float32Array);
const buildS = (performance.now() - t) / 1000;
console.log(
  `build                  ${buildS.toFixed(1)} s = ${(n / buildS).toFixed(0)} vectors/s · RSS +${mb(rss() - before)}`,
);

function measure(label: string, allowed?: (l: number) => boolean, k = K) {
  const times: number[] = [];
  let recall = 0;
  for (const [i, q] of queries.entries()) {
    const want = allowed ? exact(q, allowed) : (truth[i] as { scores: number[] });
    const start = performance.now();
    let got = ann.search(q, k * over, allowed);
    if (over > 1) {
      const score = scoreOf(q);
      got = got.sort((a, b) => score(b) - score(a)).slice(0, k);
    }
    times.push(performance.now() - start);
    recall += recallAtK(got, want.scores, scoreOf(q), K);
  }
  const p = (x: number) => percentile(times, x).toFixed(1);
  console.log(
    `${label.padEnd(22)} p50 ${p(0.5)} ms · p95 ${p(0.95)} ms · recall@30 ${(recall / queries.length).toFixed(3)}`,
  );
}
for (const ef of efs) {
  ann.setEf(ef);
  measure(`ef ${ef}`);
}
const ef = efs[Math.floor(efs.length / 2)] as number;
ann.setEf(ef);
for (const s of SELECTIVITIES) {
  const groups = Math.round(s * 100);
  const allowed = (l: number) => l % 100 < groups;
  // usearch: a post-filter needs k / selectivity candidates to keep 30 (the JS binding caps nothing).
  measure(`filter ${(s * 100).toFixed(0)}% (ef ${ef})`, allowed, lib === "usearch" ? Math.ceil(K / s) : K);
}

// Updates: 10% of the vectors deleted and added again with other vectors (a re-import).
const churn = Math.round(n / 10);
t = performance.now();
for (let l = 0; l < churn; l++) ann.remove(l * 10);
const removeMs = performance.now() - t;
t = performance.now();
for (let l = 0; l < churn; l++) {
  const v = vectors[(l * 10 + 1) % n] as Float32Array;
  vectors[l * 10] = v;
  ann.readd(l * 10, v);
}
const readdS = (performance.now() - t) / 1000;
console.log(
  `update                 remove ${churn}: ${removeMs.toFixed(0)} ms · re-add: ${readdS.toFixed(1)} s = ${(churn / readdS).toFixed(0)}/s`,
);
truth.splice(0, truth.length, ...queries.map((q) => exact(q)));
measure(`after update (ef ${ef})`);

const dir = mkdtempSync(join(tmpdir(), "measure-ann-"));
const path = join(dir, "index.bin");
t = performance.now();
ann.save(path);
console.log(`save                   ${ms(t)} ms · ${mb(statSync(path).size)}`);
t = performance.now();
ann.load(path);
ann.setEf(ef);
console.log(`load                   ${ms(t)} ms`);
measure(`loaded (ef ${ef})`);
rmSync(dir, { recursive: true, force: true });
console.log(`peak RSS               ${mb(process.resourceUsage().maxRSS * 1024)}`);
