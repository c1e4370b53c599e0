// bench:search's part for the /search page's own engine (lib/search): the query parsed, the store
// searched with its must/mustNot terms, the decisions' metadata read from the database, the
// matching and facet counting on this thread, one page of hits with snippets, and 비슷한 판례 from
// a passage. The engine needs each decision's Document row: a database of the benchmark's own gets
// one per replica bench-ingest-writer writes (same order, same case numbers).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCorpus, type DocumentInput, upsertDocuments } from "../lib/db/corpora";
import { type DecisionStatuteRefs, replaceStatuteRefs } from "../lib/db/statutes";
import { resetEnvCache } from "../lib/env";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { parseSearchParams } from "../lib/search/params";
import { searchDecisions } from "../lib/search/search";
import { similarDecisions } from "../lib/search/similar";
import { decisionStatuteRefs } from "../lib/statutes/decision-refs";
import type { VectorStore } from "../lib/store/types";
import { decisionMarks } from "../lib/text/decision-marks";

/** A migrated SQLite database in `work` for this process (DATABASE_URL); the corpus id to write under. */
export async function benchDatabase(work: string): Promise<string> {
  Object.assign(process.env, { DATABASE_URL: `file:${join(work, "app.db")}`, DATA_DIR: join(work, "data") });
  resetEnvCache();
  const args = ["--experimental-wasm-modules", "--no-warnings", "--import", "tsx", "scripts/db-migrate.ts"];
  execFileSync(process.execPath, args, { stdio: "ignore" });
  return (await createCorpus("bench")).id;
}

/**
 * The Document rows of the replicas bench-ingest-writer writes for `target` chunks (tag ""), with
 * their 참조조문 links (DecisionStatuteRef), so the 참조조문 facet reads a table of national size.
 */
export async function benchDocuments(dir: string, corpusId: string, target: number): Promise<number> {
  const decisions = listInputFiles(dir).flatMap((f) =>
    parseFile(f.name, readFileSync(f.path)).decisions.map((d) => ({
      d,
      chunks: chunkDecision(d, { corpusId }).length,
      marks: decisionMarks(d),
      refs: decisionStatuteRefs(d),
    })),
  );
  let chunks = 0;
  let batch: DocumentInput[] = [];
  let refs: DecisionStatuteRefs[] = [];
  let written = 0;
  outer: for (let pass = 0; decisions.length > 0; pass++) {
    for (const { d, chunks: n, marks, refs: links } of decisions) {
      const { meta } = d;
      refs.push({ caseNo: `${meta.caseNo}~${pass}`, refs: links });
      batch.push({
        ...meta,
        ...marks,
        caseNo: `${meta.caseNo}~${pass}`,
        corpusId,
        contentHash: "bench",
        chunkCount: n,
      });
      chunks += n;
      if (batch.length >= 500) {
        await upsertDocuments(batch);
        await replaceStatuteRefs(corpusId, refs);
        refs = [];
        written += batch.length;
        batch = [];
      }
      if (chunks >= target) break outer;
    }
  }
  await upsertDocuments(batch);
  await replaceStatuteRefs(corpusId, refs);
  return written + batch.length;
}

type Each = <T>(items: T[], rounds: number, run: (item: T) => Promise<unknown>) => Promise<number[]>;

/** What a lawyer might paste or type badly: 10,000 characters, 500 ORs, unbalanced quotes. */
export function badQueries(questions: string[]): string[] {
  const q = questions[0] ?? "손해배상";
  return [
    questions.join(" ").repeat(20).slice(0, 10_000),
    Array.from({ length: 500 }, (_, i) => questions[i % questions.length]?.split(/\s+/)[0] ?? "배상").join(" OR "),
    `"${q} "${q.slice(0, 4)}" -"`,
  ];
}

/**
 * Timings of the engine: plain, operator and faceted queries as the page asks them (filters that
 * cut the match set to under 1% among them), the same while 8 bad queries run, and passages. Each
 * line says how many queries found decisions (an engine that found nothing would be fast) and the
 * mean exact total the engine counted.
 */
export async function engineTimings(
  deps: { store: VectorStore; dataDir: string },
  questions: string[],
  passages: string[],
  each: Each,
): Promise<[string, number[]][]> {
  const words = (q: string) => q.split(/\s+/).filter((w) => w.length > 1);
  const page = (query: Record<string, string>) => searchDecisions(parseSearchParams(query), deps);
  const kind = async (label: string, queries: Record<string, string>[]): Promise<[string, number[]]> => {
    // This thread's largest gap between ticks of a 5 ms timer while these queries run.
    let gap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gap = Math.max(gap, now - last);
      last = now;
    }, 5);
    let found = 0;
    let totals = 0;
    let exact = 0;
    const ms = await each(queries, 1, async (query) => {
      const r = await page(query);
      if (r.total > 0) found += 1;
      totals += r.total;
      if (r.exact) exact += 1;
    });
    clearInterval(timer);
    const mean = Math.round(totals / Math.max(1, queries.length));
    const found_ = `${found}/${queries.length} found, mean total ${mean}, ${exact} exact, gap ${gap.toFixed(0)} ms`;
    return [`/search ${label}: ${found_}`, ms];
  };
  const operator = (q: string) => {
    const w = words(q);
    return `${w.slice(0, 2).join(" ")} ${w[2] ?? ""} OR ${w[3] ?? "판결"} -${w.at(-1) === w[0] ? "형사" : w.at(-1)}`;
  };
  const facets: Record<string, string>[] = [
    { type: "민사" },
    { level: "대법원", years: "2010-2019" },
    { years: "2000-2009" },
  ];
  // Filters that leave under 1% of a common word's decisions (rare 원심 courts, 전원합의체 in a decade).
  const narrow: Record<string, string>[] = [
    { lower: "대전고등법원" },
    { lower: "인천지방법원" },
    { lower: "부산지방법원", years: "1990-1999" },
  ];
  // Two words, as lawyers type into a search box (the whole question is a chat's job).
  const short = questions.map((q) => words(q).slice(0, 2).join(" "));
  await each(short, 1, (q) => page({ q }));
  const common = await page({ q: "손해배상" });
  const narrowShare = await Promise.all(narrow.map(async (f) => (await page({ q: "손해배상", ...f })).total));
  const lines: [string, number[]][] = [
    await kind(
      "plain (2 words)",
      short.map((q) => ({ q })),
    ),
    await kind(
      "AND OR -",
      questions.map((q) => ({ q: operator(q) })),
    ),
    await kind(
      "faceted",
      short.flatMap((q) => facets.map((f) => ({ q, ...f }))),
    ),
    await kind(
      `faceted < 1% (손해배상 ${common.total} → ${narrowShare.join("/")})`,
      [...short.map((q) => ({ q: q.split(" ")[0] ?? q })), { q: "손해배상" }].flatMap((q) =>
        narrow.map((f) => ({ ...q, ...f })),
      ),
    ),
  ];
  // The same plain queries while 8 bad ones run at once, again and again.
  let stop = false;
  const bad = badQueries(questions);
  const loops = Array.from({ length: 8 }, async (_, i) => {
    while (!stop) await page({ q: bad[i % bad.length] as string });
  });
  lines.push(
    await kind(
      "plain while 8 bad queries run",
      short.map((q) => ({ q })),
    ),
  );
  stop = true;
  await Promise.all(loops);
  lines.push([
    "/search 비슷한 판례 (passage)",
    await each(passages, 1, (p) => similarDecisions(p, { store: deps.store, dense: false })),
  ]);
  return lines;
}
