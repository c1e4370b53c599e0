// Measures BM25 retrieval (lib/store/bm25.ts, top 20 chunks) with each tokenizer variant:
//   npx tsx scripts/measure-tokenizer.ts [precedents-dir] [benchmark.jsonl ...]
// Defaults: ../shared/data/precedents, the dev retrieval set, and the yes/no set as a cross-check
// (its items carry gold case numbers too). Peers to beat (docs/method.md §6): LanceDB n-gram(2,3)
// R@20 0.915, case-NDCG@20 0.664.
import "./cli";
import { existsSync, readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { caseNdcgAtK, chunkNdcgAtK, mean, recallAtK, reciprocalRank } from "../lib/eval/metrics";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { Bm25Index } from "../lib/store/bm25";
import type { Chunk } from "../lib/text/decision";
import { TOKENIZER_VARIANTS } from "../lib/text/tokenize-ko";

interface Item {
  question: string;
  gold_case_numbers: string[];
}

const dir = resolve(process.argv[2] ?? "../shared/data/precedents");
const benches =
  process.argv.length > 3
    ? process.argv.slice(3)
    : ["../shared/data/dev/retrieval.jsonl", "../shared/data/dev/yesno.jsonl"].filter((p) => existsSync(p));

const chunks: Chunk[] = [];
let problems = 0;
for (const file of listInputFiles(dir)) {
  const result = parseFile(file.name, readFileSync(file.path));
  problems += result.problems.length;
  for (const d of result.decisions)
    chunks.push(...chunkDecision(d, { corpusId: "m", chunkSize: 800, chunkOverlap: 100 }));
}
const byId = new Map(chunks.map((c) => [c.id, c]));
console.log(`${chunks.length} chunks from ${dir} (${problems} unreadable files)`);

const indexes = Object.entries(TOKENIZER_VARIANTS).map(([name, tokenize]) => {
  const started = performance.now();
  const index = new Bm25Index();
  for (const c of chunks) index.add(c.id, tokenize(c.text));
  return { name, tokenize, index, buildMs: performance.now() - started };
});

const cell = (v: number) => v.toFixed(3).padStart(7);
for (const bench of benches) {
  const items = readFileSync(bench, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Item);
  console.log(`\n${basename(bench)}: ${items.length} questions, top 20 chunks`);
  console.log(`${"variant".padEnd(17)}    R@10    R@20 cNDCG10 cNDCG20 chNDCG20     MRR  chunks  build ms`);
  for (const { name, tokenize, index, buildMs } of indexes) {
    const rows = items.map((item) => {
      const ranked = index.search(tokenize(item.question), 20).map((h) => byId.get(h.id) as Chunk);
      const gold = item.gold_case_numbers;
      return [
        recallAtK(ranked, gold, 10),
        recallAtK(ranked, gold, 20),
        caseNdcgAtK(ranked, gold, 10),
        caseNdcgAtK(ranked, gold, 20),
        chunkNdcgAtK(ranked, gold, 20),
        reciprocalRank(ranked, gold),
      ];
    });
    const means = rows[0]?.map((_, i) => mean(rows.map((r) => r[i] ?? 0))) ?? [];
    console.log(
      `${name.padEnd(17)}${means.map(cell).join(" ")} ${String(chunks.length).padStart(7)} ${buildMs.toFixed(0).padStart(9)}`,
    );
  }
}
