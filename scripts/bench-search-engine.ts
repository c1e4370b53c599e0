// bench:search's part for the /search page's own engine (lib/search): the query parsed, the store
// searched with its must/mustNot terms, the decisions' metadata read from the database, the
// matching and facet counting on this thread, one page of hits with snippets, and 비슷한 판례 from
// a passage. The engine needs each decision's Document row: a database of the benchmark's own gets
// one per replica bench-ingest-writer writes (same order, same case numbers).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCorpus, type DocumentInput, upsertDocuments } from "../lib/db/corpora";
import { resetEnvCache } from "../lib/env";
import { chunkDecision } from "../lib/ingest/chunk";
import { parseFile } from "../lib/ingest/parse-file";
import { listInputFiles } from "../lib/ingest/sources";
import { parseSearchParams } from "../lib/search/params";
import { searchDecisions } from "../lib/search/search";
import { similarDecisions } from "../lib/search/similar";
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

/** The Document rows of the replicas bench-ingest-writer writes for `target` chunks (tag ""). */
export async function benchDocuments(dir: string, corpusId: string, target: number): Promise<number> {
  const decisions = listInputFiles(dir).flatMap((f) =>
    parseFile(f.name, readFileSync(f.path)).decisions.map((d) => ({
      d,
      chunks: chunkDecision(d, { corpusId }).length,
      marks: decisionMarks(d),
    })),
  );
  let chunks = 0;
  let batch: DocumentInput[] = [];
  let written = 0;
  outer: for (let pass = 0; decisions.length > 0; pass++) {
    for (const { d, chunks: n, marks } of decisions) {
      const { meta } = d;
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
        written += batch.length;
        batch = [];
      }
      if (chunks >= target) break outer;
    }
  }
  await upsertDocuments(batch);
  return written + batch.length;
}

type Each = <T>(items: T[], rounds: number, run: (item: T) => Promise<unknown>) => Promise<number[]>;

/** Timings of the engine: plain, operator and faceted queries as the page asks them, and passages. */
export async function engineTimings(
  deps: { store: VectorStore; dataDir: string },
  questions: string[],
  passages: string[],
  each: Each,
): Promise<[string, number[]][]> {
  const words = (q: string) => q.split(/\s+/).filter((w) => w.length > 1);
  const page = (query: Record<string, string>) => searchDecisions(parseSearchParams(query), deps);
  // An engine that found nothing would be fast: each line says how many queries found decisions.
  const kind = async (label: string, queries: Record<string, string>[]): Promise<[string, number[]]> => {
    let found = 0;
    const ms = await each(queries, 1, async (query) => {
      if ((await page(query)).total > 0) found += 1;
    });
    return [`/search engine: ${label}, ${found}/${queries.length} found`, ms];
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
  // Two words, as lawyers type into a search box (the whole question is a chat's job).
  const short = questions.map((q) => words(q).slice(0, 2).join(" "));
  await each(short, 1, (q) => page({ q }));
  return [
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
    [
      "/search engine: 비슷한 판례",
      await each(passages, 1, (p) => similarDecisions(p, { store: deps.store, dense: false })),
    ],
  ];
}
