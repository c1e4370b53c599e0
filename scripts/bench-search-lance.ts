// bench:search's peer (on by default, --no-lance to skip): the same chunks bench-ingest-writer writes
// (same decisions, same replicas, same order), in a LanceDB table (@lancedb/lancedb, a dev
// dependency of this benchmark only) whose native full-text index is fed our tokens: a `tokens`
// column holds tokenizeKo(chunk.text) joined by spaces, indexed with the whitespace tokenizer and no
// lowercasing, stemming, stop words or folding, so LanceDB's BM25 sees exactly our terms. The rows
// are written in batches (never all at once) and the filter columns get scalar indexes (bitmap,
// btree), so a filter is a prefilter on an index. The same query sets as ours, top 30:
//  - plain: the question's tokens as one MatchQuery (OR);
//  - operator: a BooleanQuery: SHOULD the question's tokens, MUST each required word's tokens (a
//    MatchQuery with operator AND: every token of the word, as our `must` groups), MUST_NOT the
//    excluded word's tokens (AND, as our `mustNot`), and MUST a PhraseQuery of the two-word phrase's
//    tokens (positions in the index). Ours fetches 90 and checks the phrase on the text; this asks
//    the index for it, and a particle between the words still matches (tokens drop particles);
//  - faceted: plain with the same filters as SQL (`.where`, a prefilter on the scalar indexes);
//  - passage: its --passage-terms most distinctive tokens (tf·idf, idf from document frequencies
//    counted while writing, as our SparseTerms.maxTerms chooses them; the choice is timed), and all
//    its distinct tokens;
//  - exact counts: LanceDB's full-text search has no count, so each match set (plain, operator,
//    faceted) is counted by fetching every hit (no limit, only the score column). countRows with
//    contains_tokens() filters (one per token, OR'd) is exact too but scans the rows instead of using
//    the index (seconds at 5,000 rows): not timed. Each filter's share of the plain match set is printed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BooleanQuery, connect, Index, MatchQuery, Occur, Operator, PhraseQuery, type Table } from "@lancedb/lancedb";
import { Field, Schema, Utf8 } from "apache-arrow";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { bm25Idf, termCounts } from "../lib/store/bm25";
import type { StoreFilter } from "../lib/store/types";
import { tokenizeKo } from "../lib/text/tokenize-ko";

type Each = <T>(items: T[], rounds: number, run: (item: T) => Promise<unknown>) => Promise<number[]>;

export interface LanceBenchInput {
  dir: string;
  corpusId: string;
  /** Chunks to write: the same replicas as bench-ingest-writer (tag ""). */
  target: number;
  questions: string[];
  passages: string[];
  facets: StoreFilter[];
  passageTerms: number;
  /** Our timings, by bench-search.ts's labels, printed beside LanceDB's. */
  ours: [string, number[]][];
  each: Each;
}

const COLUMNS = ["id", "corpus", "caseNo", "caseType", "court", "decisionDate", "tokens"] as const;
const BATCH = 20_000;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(0);
const stage = (what: string) => process.stderr.write(`  LanceDB: ${what}\n`);
const sqlString = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The benchmark's filter as LanceDB SQL. */
export function lanceWhere(filter: StoreFilter): string {
  const parts: string[] = [];
  const list = (column: string, values?: string[]) => {
    if (values?.length) parts.push(`${column} IN (${values.map(sqlString).join(", ")})`);
  };
  list("corpus", filter.corpusIds);
  list("caseType", filter.caseTypes);
  list("court", filter.courts);
  if (filter.dateFrom) parts.push(`decisionDate >= ${sqlString(filter.dateFrom)}`);
  if (filter.dateTo) parts.push(`decisionDate <= ${sqlString(filter.dateTo)}`);
  return parts.join(" AND ");
}

function dirBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, entry.name);
    total += entry.isDirectory() ? dirBytes(p) : statSync(p).size;
  }
  return total;
}

interface Built {
  table: Table;
  rows: number;
  df: Map<string, number>;
  tokenizeMs: number;
  writeMs: number;
  ftsMs: number;
  scalarMs: number;
  rssWritten: number;
  bytes: number;
}

/** The table: rows written in batches of BATCH, then the full-text and scalar indexes. */
async function build(path: string, input: LanceBenchInput): Promise<Built> {
  const db = await connect(path);
  const schema = new Schema(COLUMNS.map((name) => new Field(name, new Utf8(), false)));
  const table = await db.createEmptyTable("chunks", schema);
  const decisions = listInputFiles(input.dir).flatMap((f) => parseFile(f.name, readFileSync(f.path)).decisions);
  const df = new Map<string, number>();
  let rows = 0;
  let tokenizeMs = 0;
  let batch: Record<string, string>[] = [];
  const started = performance.now();
  const flush = async () => {
    if (batch.length > 0) await table.add(batch);
    rows += batch.length;
    batch = [];
  };
  // bench-ingest-writer's order: every decision of every file per pass, a new case number per pass,
  // until a decision's chunks reach the target.
  outer: for (let pass = 0; decisions.length > 0; pass++) {
    for (const decision of decisions) {
      const replica = { ...decision, meta: { ...decision.meta, caseNo: `${decision.meta.caseNo}~${pass}` } };
      for (const chunk of chunkDecision(replica, { corpusId: input.corpusId })) {
        const t = performance.now();
        const tokens = tokenizeKo(chunk.text);
        tokenizeMs += performance.now() - t;
        for (const token of new Set(tokens)) df.set(token, (df.get(token) ?? 0) + 1);
        batch.push({
          id: chunk.id,
          corpus: chunk.corpusId,
          caseNo: chunk.caseNo,
          caseType: chunk.caseType,
          court: chunk.court,
          decisionDate: chunk.decisionDate,
          tokens: tokens.join(" "),
        });
      }
      if (batch.length >= BATCH) await flush();
      if (rows + batch.length >= input.target) break outer;
    }
    process.stderr.write(`\r  LanceDB: ${rows + batch.length} rows written   `);
  }
  await flush();
  process.stderr.write(`\r  LanceDB: ${rows} rows written   \n`);
  const writeMs = performance.now() - started;
  const rssWritten = process.memoryUsage().rss;
  stage("full-text index");
  const ftsStarted = performance.now();
  await table.createIndex("tokens", {
    config: Index.fts({
      baseTokenizer: "whitespace",
      lowercase: false,
      stem: false,
      removeStopWords: false,
      asciiFolding: false,
      maxTokenLength: 1000,
      withPosition: true,
    }),
  });
  const ftsMs = performance.now() - ftsStarted;
  stage("scalar indexes");
  const scalarStarted = performance.now();
  for (const column of ["corpus", "caseType", "court"]) await table.createIndex(column, { config: Index.bitmap() });
  await table.createIndex("decisionDate", { config: Index.btree() });
  const scalarMs = performance.now() - scalarStarted;
  return { table, rows, df, tokenizeMs, writeMs, ftsMs, scalarMs, rssWritten, bytes: dirBytes(path) };
}

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return "—";
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(1);
};
const figures = (ms: number[] | undefined) =>
  ms ? `p50 ${percentile(ms, 0.5)} · p95 ${percentile(ms, 0.95)} (${ms.length})` : "—";

/** Builds the LanceDB peer, times the query sets and prints them beside ours; removes the table. */
export async function lanceBench(input: LanceBenchInput): Promise<void> {
  const path = mkdtempSync(join(tmpdir(), "rar-bench-lance-"));
  try {
    const built = await build(path, input);
    const { table, rows, df } = built;
    const rssIndexed = process.memoryUsage().rss;
    const unique = (tokens: string[]) => [...new Set(tokens)];
    const match = (tokens: string[], operator = Operator.Or) =>
      new MatchQuery(unique(tokens).join(" "), "tokens", { operator });
    const top = (query: MatchQuery | BooleanQuery, where?: string, limit = 30) => {
      let q = table.query().fullTextSearch(query, { columns: "tokens" }).select(["id", "_score"]).limit(limit);
      if (where) q = q.where(where);
      return q.toArray();
    };
    const { questions, each } = input;
    const words = (q: string) => q.split(/\s+/).filter((w) => tokenizeKo(w).length > 0);
    const operator = (q: string) => {
      const w = words(q);
      const must = w.slice(0, 3).map((x) => tokenizeKo(x));
      const mustNot = tokenizeKo(w.at(-1) === w[0] ? "형사" : (w.at(-1) as string));
      const phrase = tokenizeKo(w.slice(0, 2).join(" "));
      return { all: tokenizeKo(q), must, mustNot, phrase };
    };
    const booleanQuery = (o: ReturnType<typeof operator>, phrase = true) =>
      new BooleanQuery([
        [Occur.Should, match(o.all)],
        ...o.must.filter((g) => g.length > 0).map((g): [Occur, MatchQuery] => [Occur.Must, match(g, Operator.And)]),
        [Occur.MustNot, match(o.mustNot, Operator.And)],
        ...(phrase ? [[Occur.Must, new PhraseQuery(o.phrase.join(" "), "tokens")] as [Occur, PhraseQuery]] : []),
      ]);
    // Our SparseTerms.maxTerms: the highest tf·idf, ties by token.
    const distinctive = (tokens: string[]) => {
      const tf = termCounts(tokens);
      const weight = (t: string) => {
        const d = df.get(t) ?? 0;
        return d === 0 ? 0 : (tf.get(t) ?? 0) * bm25Idf(rows, d);
      };
      return [...tf.keys()].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : 1)).slice(0, input.passageTerms);
    };
    const passageTokens = input.passages.map(tokenizeKo);
    const wheres = input.facets.map(lanceWhere);

    // Warm-up, as ours: the first searches load the index's parts.
    await each(questions, 1, (q) => top(match(tokenizeKo(q))));
    const found = { plain: new Set<string>(), operator: new Set<string>(), required: new Set<string>() };
    const lance: Record<string, number[]> = {};
    stage("plain");
    lance.plain = await each(questions, 2, async (q) => {
      if ((await top(match(tokenizeKo(q)))).length > 0) found.plain.add(q);
    });
    stage("operator");
    lance.operator = await each(questions, 2, async (q) => {
      if ((await top(booleanQuery(operator(q)))).length > 0) found.operator.add(q);
    });
    stage("operator without the phrase");
    lance.required = await each(questions, 1, async (q) => {
      if ((await top(booleanQuery(operator(q), false))).length > 0) found.required.add(q);
    });
    stage("faceted");
    lance.faceted = await each(
      questions.flatMap((q) => wheres.map((where) => ({ q, where }))),
      1,
      ({ q, where }) => top(match(tokenizeKo(q)), where),
    );
    stage("passageAll");
    lance.passageAll = await each(passageTokens, 1, (t) => top(match(t)));
    stage("passageTerms");
    lance.passageTerms = await each(passageTokens, 2, (t) => top(match(distinctive(t))));
    // Exact counts: the size of each query's match set, every hit fetched (no limit).
    const countOf = async (query: MatchQuery | BooleanQuery, where?: string) => {
      let q = table.query().fullTextSearch(query, { columns: "tokens" }).select(["_score"]).limit(rows);
      if (where) q = q.where(where);
      return (await q.toArrow()).numRows;
    };
    const counted = { plain: [] as number[], operator: [] as number[], faceted: [] as number[] };
    const some = questions.slice(0, 10);
    stage("count plain");
    lance.countPlain = await each(some, 1, async (q) => counted.plain.push(await countOf(match(tokenizeKo(q)))));
    stage("count operator");
    lance.countOperator = await each(questions, 1, async (q) =>
      counted.operator.push(await countOf(booleanQuery(operator(q)))),
    );
    stage("count faceted");
    lance.countFaceted = await each(
      some.flatMap((q) => wheres.map((where) => ({ q, where }))),
      1,
      async ({ q, where }) => counted.faceted.push(await countOf(match(tokenizeKo(q)), where)),
    );
    const facetRows = await Promise.all(wheres.map((w) => table.countRows(w)));
    const rssQueried = process.memoryUsage().rss;

    const oursFor = (prefix: string) => input.ours.find(([label]) => label.startsWith(prefix))?.[1];
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const pct = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : "—");
    const lines: [string, number[] | undefined, number[] | undefined][] = [
      [`plain (${found.plain.size}/${questions.length} found)`, oursFor("plain"), lance.plain],
      [
        `operator AND, NOT, phrase (${found.operator.size}/${questions.length} found)`,
        oursFor("operator"),
        lance.operator,
      ],
      [`operator AND, NOT, no phrase (${found.required.size}/${questions.length} found)`, undefined, lance.required],
      ["faceted", oursFor("faceted"), lance.faceted],
      ["passage, all tokens", oursFor("passage 5,000 chars, all"), lance.passageAll],
      [
        `passage, ${input.passageTerms} terms`,
        oursFor(`passage 5,000 chars, ${input.passageTerms}`),
        lance.passageTerms,
      ],
      [`exact count, plain (${some.length} q; every hit fetched)`, undefined, lance.countPlain],
      [`exact count, operator (${questions.length} q; every hit fetched)`, undefined, lance.countOperator],
      [`exact count, faceted (${some.length * wheres.length} q; every hit fetched)`, undefined, lance.countFaceted],
    ];
    // Each filter's share of the plain match set, median over the counted questions.
    const facetCut = wheres.map((where, f) => {
      const shares = some.map((_, i) => (counted.faceted[i * wheres.length + f] ?? 0) / (counted.plain[i] || 1));
      return `${where || "none"}: ${pct(median(shares), 1)} of the match set, ${pct(facetRows[f] ?? 0, rows)} of all rows`;
    });
    console.log(`
LanceDB native full-text index (@lancedb/lancedb, fed tokenizeKo tokens; top 30; ms)
rows                      ${rows} · ${mb(built.bytes)} MB on disk (table + indexes)
build                     ${(built.writeMs / 1000).toFixed(0)} s written in batches of ${BATCH} (${(built.tokenizeMs / 1000).toFixed(0)} s of it tokenizing) · ${(built.ftsMs / 1000).toFixed(0)} s FTS index · ${(built.scalarMs / 1000).toFixed(1)} s scalar indexes
${"kind".padEnd(52)} ${"ours".padEnd(34)} LanceDB
${lines.map(([label, o, l]) => `${label.padEnd(52)} ${figures(o).padEnd(34)} ${figures(l)}`).join("\n")}
match sets (median)       plain ${median(counted.plain)} (${pct(median(counted.plain), rows)}) · operator ${median(counted.operator)} · faceted ${median(counted.faceted)}
filters                   ${facetCut.join("\n                          ")}
RSS (whole process)       ${mb(built.rssWritten)} MB written · ${mb(rssIndexed)} MB indexed · ${mb(rssQueried)} MB queried · ${mb(process.resourceUsage().maxRSS * 1024)} MB peak of the run
`);
    table.close();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}
