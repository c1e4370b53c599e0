// Keyword-search benchmark of the embedded store (the /search page's queries) on a synthetic corpus of
// ~120,000 chunks built from the shared decisions (each replicated under new case numbers, as in
// bench:ingest). Prints figures; asserts nothing.
//   npm run bench:search [-- --chunks 120000 --dir ../shared/data/precedents --passage-terms 64]
// Query kinds, top 30 each:
//  - plain: the benchmark's questions, tokenized;
//  - operator: the same with required words (AND), an excluded word (NOT) and a two-word phrase
//    checked on the chunks' text afterwards (as the search page does), 3× as many asked for;
//  - faceted: plain with a filter by case type, court + years, or a 10-year range;
//  - passage: 5,000 characters of a decision's text ("similar decisions"), all its tokens, and
//    its --passage-terms most distinctive ones (SparseTerms.maxTerms);
//  - the /search engine (lib/search, scripts/bench-search-engine.ts): the page's own function with a
//    parsed query (plain, operators, facets) and 비슷한 판례, over a database of its own that holds a
//    Document row per replica.
// The searches run in the store's index worker; this (main) thread's largest event-loop gap is
// measured over every query and over a burst of concurrent ones. The load average is printed: other
// processes on the machine skew every figure.
// Then (--no-lance to skip) the same queries on LanceDB's native full-text index fed our tokens,
// printed beside ours (scripts/bench-search-lance.ts).
import "./cli";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { EmbeddedStore } from "../lib/store/embedded-store";
import type { SearchOptions, StoreFilter } from "../lib/store/types";
import { tokenizeKo } from "../lib/text/tokenize-ko";
import { benchDatabase, engineTimings } from "./bench-search-engine";
import { lanceBench } from "./bench-search-lance";
import { requirePath } from "./cli";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const target = Number(arg("--chunks", "120000"));
const passageTerms = Number(arg("--passage-terms", "64"));
const dir = requirePath(arg("--dir", "../shared/data/precedents"));
const bench = requirePath(arg("--bench", "../shared/data/dev/retrieval.jsonl"));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const loadAtStart = load();
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);

const storeDir = mkdtempSync(join(tmpdir(), "rar-bench-search-"));
const dbDir = mkdtempSync(join(tmpdir(), "rar-bench-search-db-"));
const corpusId = await benchDatabase(dbDir);
const server = new EmbeddedStore(storeDir);
await server.count();
const writeStarted = performance.now();
await new Promise<void>((resolve, reject) => {
  const args = ["--import", "tsx", "scripts/bench-ingest-writer.ts", storeDir, "--dir", dir];
  args.push("--chunks", String(target), "--corpus", corpusId, "--tag", "");
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
  child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`writer exited with ${code}`))));
});
for (;;) {
  const stats = await server.indexStats();
  if (stats.cursor >= stats.head) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const chunks = await server.count();
const rssIndexed = process.memoryUsage().rss;
console.log(`${chunks} chunks indexed in ${((performance.now() - writeStarted) / 1000).toFixed(0)} s → ${storeDir}`);
// Written by a child process (the benchmark's own seeding is not the server's memory).
const seeded = execFileSync(
  process.execPath,
  ["--import", "tsx", "scripts/bench-search-docs.ts", dir, corpusId, String(target)],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 20 },
).trim();
console.log(`${seeded.split("\n").at(-1)} decisions' rows written for the /search engine (by a child process)`);

// Queries.
const questions = readFileSync(bench, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { question: string }).question);
const words = (q: string) => q.split(/\s+/).filter((w) => tokenizeKo(w).length > 0);
const decisions = listInputFiles(dir).flatMap((f) => parseFile(f.name, readFileSync(f.path)).decisions);
const passages = decisions
  .filter((_, i) => i % 7 === 0)
  .map((d) =>
    chunkDecision(d, { corpusId: "x" })
      .map((c) => c.text)
      .join("\n")
      .slice(0, 5000),
  )
  .filter((p) => p.length >= 4000)
  .slice(0, 30);
const years = decisions.map((d) => d.meta.decisionDate.slice(0, 4)).sort();
const midYear = Number(years[Math.floor(years.length / 2)] ?? "2000");
const facets: StoreFilter[] = [
  { caseTypes: ["민사"] },
  { courts: ["대법원"], dateFrom: `${midYear - 5}-01-01` },
  { dateFrom: `${midYear - 10}-01-01`, dateTo: `${midYear}-12-31` },
];

// The main thread's largest gap between ticks of a 5 ms timer, over everything below.
let gap = 0;
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  gap = Math.max(gap, now - last);
  last = now;
}, 5);

async function timed(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return ms;
}
async function each<T>(items: T[], rounds: number, run: (item: T) => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++) for (const item of items) ms.push(...(await timed(() => run(item), 1)));
  return ms;
}
const search = (tokens: string[], options: Partial<SearchOptions> = {}) =>
  server.sparseSearch(tokens, { topN: 30, ...options });

// Warm-up: the first searches compute the terms' bounds and JIT the loops.
await each(questions, 1, (q) => search(tokenizeKo(q)));

const results: [string, number[]][] = [];
results.push(["plain", await each(questions, 2, (q) => search(tokenizeKo(q)))]);
results.push([
  "operator (AND, NOT, phrase)",
  await each(questions, 2, async (q) => {
    const w = words(q);
    const phrase = w.slice(0, 2).join(" ");
    const must = w.slice(0, 3).map((x) => tokenizeKo(x));
    const mustNot = [tokenizeKo(w.at(-1) === w[0] ? "형사" : (w.at(-1) as string))];
    const found = await server.sparseSearch(tokenizeKo(q), { topN: 90, terms: { must, mustNot } });
    return found.filter(({ chunk }) => chunk.text.includes(phrase)).slice(0, 30);
  }),
]);
results.push([
  "faceted",
  await each(
    questions.flatMap((q) => facets.map((filter) => ({ q, filter }))),
    1,
    ({ q, filter }) => search(tokenizeKo(q), { filter }),
  ),
]);
const passageTokens = passages.map(tokenizeKo);
results.push(["passage 5,000 chars, all tokens", await each(passageTokens, 1, (t) => search(t))]);
results.push([
  `passage 5,000 chars, ${passageTerms} terms`,
  await each(passageTokens, 2, (t) => search(t, { terms: { maxTerms: passageTerms } })),
]);
results.push(...(await engineTimings({ store: server, dataDir: dbDir }, questions, passages, each)));
const gapSequential = gap;

// A burst: 8 lawyers at once, each a plain, a faceted and a passage search.
gap = 0;
last = performance.now();
const burstStarted = performance.now();
await Promise.all(
  Array.from({ length: 8 }, (_, i) => {
    const q = tokenizeKo(questions[i % questions.length] as string);
    return Promise.all([
      search(q),
      search(q, { filter: facets[i % facets.length] }),
      search(passageTokens[i % passageTokens.length] as string[], { terms: { maxTerms: passageTerms } }),
    ]);
  }),
);
const burstMs = performance.now() - burstStarted;
const gapBurst = gap;
clearInterval(timer);

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
};
const distinct = passageTokens.map((t) => new Set(t).size).sort((a, b) => a - b);
console.log(`
machine load average      ${loadAtStart} (start) · ${load()} (end)
chunks                    ${chunks} (${passages.length} passages of 5,000 chars: ${distinct[0]}–${distinct.at(-1)} distinct tokens)
${results.map(([label, ms]) => `${label.padEnd(44)} p50 ${percentile(ms, 0.5)} ms · p95 ${percentile(ms, 0.95)} ms (${ms.length})`).join("\n")}
burst                     8 × (plain + faceted + passage) at once: ${burstMs.toFixed(0)} ms
main thread's largest gap ${gapSequential.toFixed(0)} ms (all queries above) · ${gapBurst.toFixed(0)} ms (burst)
RSS                       ${mb(rssIndexed)} MB indexed · ${mb(process.memoryUsage().rss)} MB now · ${mb(process.resourceUsage().maxRSS * 1024)} MB peak (index worker included)`);
if (!process.argv.includes("--no-lance")) {
  await lanceBench({ dir, corpusId, target, questions, passages, facets, passageTerms, ours: results, each });
}
await server.close();
rmSync(storeDir, { recursive: true, force: true });
rmSync(dbDir, { recursive: true, force: true });
process.exit(0);
