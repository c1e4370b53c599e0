// Calibrates the `atomic` strategy's threshold for BM25-only tag search (ATOMIC_BM25_THRESHOLD).
// Cosine similarity has a natural scale (δ = 0.5, docs/method.md §4); raw BM25 does not: it grows with
// the number of query tokens. The strategy therefore scores a tag by BM25 / distinct query tokens,
// and this script measures where that score separates tags of the right decision from the rest.
//   npx tsx scripts/calibrate-atomic-bm25.ts [-- --dir ../shared/data/precedents --dev ../shared/data/dev]
// Offline stand-ins, said plainly: the tags are each decision's 판시사항 items (the court's own
// statement of the issues it decides — the nearest thing to "the questions this decision answers"
// without a model), and the sub-questions are the dev questions and the recorded analyst queries
// (recorded-llm.jsonl). Real atomic questions are shorter and closer to their chunk, so treat the
// figure as a starting point to re-run once a corpus has real tags. Prints a table; asserts nothing.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { EmbeddedStore } from "../lib/store/embedded-store";
import type { IndexedChunk } from "../lib/store/types";
import { normalizeCaseNo, splitCaseNo } from "../lib/text/case-number";
import type { Chunk } from "../lib/text/decision";
import { tokenizeKo } from "../lib/text/tokenize-ko";
import { requirePath } from "./cli";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const dir = requirePath(arg("--dir", "../shared/data/precedents"));
const dev = requirePath(arg("--dev", "../shared/data/dev"));
const TOP_K = Number(arg("--k", "4"));

/** 판시사항 items: split at ［1］ / [1] markers and blank lines. */
const items = (text: string) =>
  text
    .split(/[［[]\s*\d{1,2}\s*[］\]]|\n\s*\n/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.length >= 10);

const tags: IndexedChunk[] = [];
for (const file of listInputFiles(dir).filter((f) => f.name.endsWith(".md"))) {
  for (const d of parseFile(file.name, readFileSync(file.path)).decisions) {
    const holdings = d.sections.find((s) => s.name === "판시사항")?.text ?? "";
    items(holdings).forEach((text, n) => {
      const chunk: Chunk = {
        ...d.meta,
        id: `${d.meta.caseNo}#${n}`,
        corpusId: "calibrate",
        section: "판시사항",
        sectionOrder: n,
        text,
        contentHash: `${d.meta.caseNo}#${n}`,
      };
      tags.push({ chunk, tokens: tokenizeKo(text) });
    });
  }
}

interface Query {
  text: string;
  gold: Set<string>;
  source: string;
}
const readJsonl = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const goldOf = (r: Record<string, unknown>) =>
  new Set(((r.gold_case_numbers as string[]) ?? []).flatMap(splitCaseNo).map(normalizeCaseNo));
const byId = new Map<string, Set<string>>();
const queries: Query[] = [];
for (const file of ["retrieval.jsonl", "yesno.jsonl"]) {
  for (const r of readJsonl(join(dev, file))) {
    byId.set(String(r.id), goldOf(r));
    queries.push({ text: String(r.question), gold: goldOf(r), source: "question" });
  }
}
for (const r of readJsonl(join(dev, "recorded-llm.jsonl"))) {
  const gold = byId.get(String(r.id));
  if (gold && typeof r.analytical === "string") queries.push({ text: r.analytical, gold, source: "analytical" });
}

const storeDir = mkdtempSync(join(tmpdir(), "rar-calibrate-"));
const store = new EmbeddedStore(storeDir);
await store.upsert(tags);
const hits: { score: number; relevant: boolean; query: number }[] = [];
for (const [qi, q] of queries.entries()) {
  const tokens = tokenizeKo(q.text);
  const distinct = Math.max(1, new Set(tokens).size);
  for (const h of await store.sparseSearch(tokens, { topN: TOP_K, filter: { corpusIds: ["calibrate"] } })) {
    const relevant = splitCaseNo(h.chunk.caseNo).some((p) => q.gold.has(normalizeCaseNo(p)));
    hits.push({ score: h.score / distinct, relevant, query: qi });
  }
}
await store.close();
rmSync(storeDir, { recursive: true, force: true });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor(p * s.length))] as number) : Number.NaN;
};
const rel = hits.filter((h) => h.relevant).map((h) => h.score);
const irr = hits.filter((h) => !h.relevant).map((h) => h.score);
console.log(
  `${tags.length} tags (판시사항 items) from ${dir}; ${queries.length} queries; top-${TOP_K} hits: ${rel.length} of the right decision, ${irr.length} not`,
);
for (const [name, xs] of [
  ["right decision", rel],
  ["other", irr],
] as const) {
  console.log(
    `  ${name.padEnd(14)} score/token p10 ${pct(xs, 0.1).toFixed(2)} · p25 ${pct(xs, 0.25).toFixed(2)} · p50 ${pct(xs, 0.5).toFixed(2)} · p75 ${pct(xs, 0.75).toFixed(2)} · p90 ${pct(xs, 0.9).toFixed(2)}`,
  );
}
/** Precision/recall of keeping the top-k hits at or above each threshold, for the queries of `source` (all: undefined). */
function table(source?: string): number {
  const of = hits.filter((h) => !source || queries[h.query]?.source === source);
  const n = source ? queries.filter((q) => q.source === source).length : queries.length;
  const relevant = of.filter((h) => h.relevant).length;
  console.log(
    `\n${source ?? "all queries"} (${n}): threshold · kept · precision · recall (right hits) · queries with a right tag kept · F1`,
  );
  let best = { t: 0, f1: -1 };
  for (let i = 3; i <= 24; i++) {
    const t = i / 10;
    const kept = of.filter((h) => h.score >= t);
    const right = kept.filter((h) => h.relevant).length;
    const precision = kept.length ? right / kept.length : 0;
    const recall = relevant ? right / relevant : 0;
    const covered = new Set(kept.filter((h) => h.relevant).map((h) => h.query)).size / n;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    if (f1 > best.f1) best = { t, f1 };
    if (i % 2 === 0 || t <= 1.2)
      console.log(
        `  ${t.toFixed(1)} · ${String(kept.length).padStart(3)} · ${precision.toFixed(3)} · ${recall.toFixed(3)} · ${covered.toFixed(3)} · ${f1.toFixed(3)}`,
      );
  }
  console.log(`  best F1 at ${best.t.toFixed(1)} (F1 ${best.f1.toFixed(3)})`);
  return best.t;
}
table();
table("question");
const analytical = table("analytical");
console.log(
  `\nSuggested ATOMIC_BM25_THRESHOLD: ${analytical.toFixed(1)} (best F1 on the analyst's queries, which read most like the sub-questions an LLM writes).`,
);
