// Pruned (MaxScore) against exhaustive top-30 BM25 on the same in-memory index, in one process, so
// both see the same machine load: the shared decisions' chunks replicated to --chunks, the
// benchmark's questions and 5,000-character passages as queries. Prints p50/p95 of each; asserts nothing.
//   npx tsx scripts/measure-pruning.ts [--chunks 120000 --passage-terms 64]
import "./cli";
import { readFileSync } from "node:fs";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { SparseIndex } from "../lib/store/sparse-index";
import { tokenizeKo } from "../lib/text/tokenize-ko";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const target = Number(arg("--chunks", "120000"));
const passageTerms = Number(arg("--passage-terms", "64"));
const decisions = listInputFiles("../shared/data/precedents").flatMap(
  (f) => parseFile(f.name, readFileSync(f.path)).decisions,
);
const chunks = decisions.flatMap((d) => chunkDecision(d, { corpusId: "x" }));
const tokens = chunks.map((c) => tokenizeKo(c.text));
const index = new SparseIndex();
for (let slot = 0; slot < target; slot++) index.add(slot, 0, tokens[slot % tokens.length] as string[]);
const questions = readFileSync("../shared/data/dev/retrieval.jsonl", "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => tokenizeKo((JSON.parse(l) as { question: string }).question));
const passages = decisions
  .filter((_, i) => i % 7 === 0)
  .map((d) =>
    tokenizeKo(
      chunkDecision(d, { corpusId: "x" })
        .map((c) => c.text)
        .join("\n")
        .slice(0, 5000),
    ),
  )
  .slice(0, 30);
const groups = new Set([0]);
const yes = () => true;
const time = (queries: string[][], run: (q: string[]) => unknown) => {
  const ms = queries.map((q) => {
    const t = performance.now();
    run(q);
    return performance.now() - t;
  });
  ms.sort((a, b) => a - b);
  const at = (p: number) => (ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? 0).toFixed(1);
  return `p50 ${at(0.5)} ms · p95 ${at(0.95)} ms`;
};
const twice = (qs: string[][]) => [...qs, ...qs];
time(questions, (q) => index.search(q, 30, groups, yes)); // warm-up
console.log(`${target} chunks (${chunks.length} distinct), top 30, one thread`);
console.log(`questions  exhaustive ${time(twice(questions), (q) => index.searchExhaustive(q, 30, groups, yes))}`);
console.log(`questions  pruned     ${time(twice(questions), (q) => index.search(q, 30, groups, yes))}`);
console.log(`passages   exhaustive ${time(passages, (q) => index.searchExhaustive(q, 30, groups, yes))}`);
console.log(`passages   pruned     ${time(passages, (q) => index.search(q, 30, groups, yes))}`);
console.log(
  `passages   pruned, ${passageTerms} terms ${time(passages, (q) => index.search(q, 30, groups, yes, { maxTerms: passageTerms }))}`,
);
