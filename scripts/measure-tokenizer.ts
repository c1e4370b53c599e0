// Measures BM25 retrieval with each tokenizer variant on the dev benchmark:
//   npx tsx scripts/measure-tokenizer.ts [precedents-dir] [retrieval.jsonl]
import { readFileSync } from "node:fs";
import { caseNdcgAtK, mean, recallAtK } from "../lib/eval/metrics";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { TOKENIZER_VARIANTS } from "../lib/ingest/tokenize-ko";
import type { Chunk } from "../lib/ingest/types";
import { Bm25Index } from "../lib/rag/bm25";

const dir = process.argv[2] ?? "../shared/data/precedents";
const bench = process.argv[3] ?? "../shared/data/dev/retrieval.jsonl";
const chunks: Chunk[] = [];
for (const file of listInputFiles(dir)) {
  for (const d of parseFile(file.name, readFileSync(file.path)).decisions)
    chunks.push(...chunkDecision(d, { corpusId: "m" }));
}
const items = readFileSync(bench, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { question: string; gold_case_numbers: string[] });
const byId = new Map(chunks.map((c) => [c.id, c]));

console.log(`${chunks.length} chunks, ${items.length} questions\n`);
console.log("variant     R@10   R@20   cNDCG@10 cNDCG@20  build ms");
for (const [name, tokenize] of Object.entries(TOKENIZER_VARIANTS)) {
  const started = performance.now();
  const index = new Bm25Index();
  for (const c of chunks) index.add(c.id, tokenize(c.text));
  const build = performance.now() - started;
  const rows = items.map((item) => {
    const ranked = index.search(tokenize(item.question), 20).map((h) => byId.get(h.id) as Chunk);
    return {
      r10: recallAtK(ranked, item.gold_case_numbers, 10),
      r20: recallAtK(ranked, item.gold_case_numbers, 20),
      n10: caseNdcgAtK(ranked, item.gold_case_numbers, 10),
      n20: caseNdcgAtK(ranked, item.gold_case_numbers, 20),
    };
  });
  const f = (k: keyof (typeof rows)[number]) =>
    mean(rows.map((r) => r[k]))
      .toFixed(3)
      .padStart(6);
  console.log(
    `${name.padEnd(10)} ${f("r10")} ${f("r20")}   ${f("n10")}   ${f("n20")}   ${build.toFixed(0).padStart(6)}`,
  );
}
