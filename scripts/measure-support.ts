// Measures the lexical support check (lib/rag/support/lexical.ts) on the dev set: every sentence of
// the recorded judge passages (written by a strong LLM without the corpus, so paraphrases of the
// law in its own words) is a claim; its coverage is measured against the gold decision(s) and
// against the most similar decision that is not gold (a hard negative). Prints the distributions
// and how each threshold splits them.
//   npx tsx scripts/measure-support.ts [precedents-dir]
import "./cli";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { extractRationale } from "../lib/ai/prompts/judge";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { LEXICAL_PARTLY, LEXICAL_SUPPORTED, lexicalEvidence } from "../lib/rag/support/lexical";
import { caseNumbersMatch } from "../lib/text/case-number";
import type { Chunk } from "../lib/text/decision";
import { splitSentences } from "../lib/text/sentences";

const dir = resolve(process.argv[2] ?? "../shared/data/precedents");
const devDir = resolve(dir, "../dev");
if (!existsSync(dir) || !existsSync(resolve(devDir, "recorded-llm.jsonl"))) {
  console.log(`skipped: ${dir} or its dev/recorded-llm.jsonl is absent`);
  process.exit(0);
}
const byCase = new Map<string, Chunk[]>();
for (const file of listInputFiles(dir)) {
  for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
    byCase.set(d.meta.caseNo, chunkDecision(d, { corpusId: "m", chunkSize: 800, chunkOverlap: 100 }));
  }
}
const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const gold = new Map<string, string[]>();
for (const name of ["retrieval.jsonl", "yesno.jsonl"]) {
  for (const item of lines(resolve(devDir, name))) gold.set(item.question, item.gold_case_numbers);
}
const positives: number[] = [];
const negatives: number[] = [];
const fifth: number[] = [];
for (const rec of lines(resolve(devDir, "recorded-llm.jsonl"))) {
  const golds = gold.get(rec.question);
  if (!golds || !rec.judge) continue;
  const passage = extractRationale(rec.judge);
  for (const r of splitSentences(passage)) {
    const claim = passage.slice(r.start, r.end);
    if (claim.length < 20) continue;
    let pos = 0;
    const negs: number[] = [];
    for (const [caseNo, chunks] of byCase) {
      const coverage = lexicalEvidence(claim, chunks)?.coverage ?? 0;
      if (golds.some((g) => caseNumbersMatch(g, caseNo))) pos = Math.max(pos, coverage);
      else negs.push(coverage);
    }
    negs.sort((a, b) => b - a);
    positives.push(pos);
    negatives.push(negs[0] ?? 0);
    fifth.push(negs[4] ?? 0);
  }
}
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
const share = (xs: number[], t: number) => xs.filter((x) => x >= t).length / Math.max(1, xs.length);
const show = (name: string, xs: number[]) =>
  console.log(
    `${name}: n=${xs.length} p10 ${pct(xs, 0.1).toFixed(2)} p50 ${pct(xs, 0.5).toFixed(2)} p90 ${pct(xs, 0.9).toFixed(2)} · ` +
      `≥supported(${LEXICAL_SUPPORTED}) ${(share(xs, LEXICAL_SUPPORTED) * 100).toFixed(0)}% · ≥partly(${LEXICAL_PARTLY}) ${(share(xs, LEXICAL_PARTLY) * 100).toFixed(0)}%`,
  );
/** Chance that a claim's own decision covers it more than a given other decision does. */
const auc = (pos: number[], neg: number[]) => {
  let wins = 0;
  for (const a of pos) for (const b of neg) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return wins / Math.max(1, pos.length * neg.length);
};
show("claim vs its gold decision          ", positives);
show("claim vs most similar other decision", negatives);
show("claim vs 5th most similar other     ", fifth);
console.log(
  `AUC gold vs most similar other ${auc(positives, negatives).toFixed(3)} · vs 5th ${auc(positives, fifth).toFixed(3)}`,
);
