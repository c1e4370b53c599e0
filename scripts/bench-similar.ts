// 비슷한 판례 benchmark (issue 33, item 4): over the shared decisions imported into a scratch database
// and store, each decision whose 참조판례 cites decisions the corpus holds is a query — its 판결요지
// (or, with --passage reasons, the start of its reasons) as the passage — and those cited decisions are
// the relevant set. Prints recall@10 and MRR over them, keyword search only (no model). A dev-style
// figure over the sample: the decisions are the ones the product ships with, not held-out questions.
//   npm run bench:similar [-- --passage summary|reasons --dir ../shared/data/precedents]
import "./cli";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findDocumentsForCaseNos } from "../lib/db/case-lookup";
import { createJob } from "../lib/db/jobs";
import { parseFile } from "../lib/ingest/parse-file";
import { runIngestionJob } from "../lib/ingest/run-job";
import { listInputFiles } from "../lib/ingest/sources";
import { SIMILAR_MAX_CHARS, similarDecisions } from "../lib/search/similar";
import { EmbeddedStore } from "../lib/store/embedded-store";
import { splitCaseNo } from "../lib/text/case-number";
import { referencedCaseNumbers } from "../lib/text/referenced-cases";
import { benchDatabase } from "./bench-search-engine";
import { requirePath } from "./cli";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const dir = requirePath(arg("--dir", "../shared/data/precedents"));
const kind = arg("--passage", "summary");

const work = mkdtempSync(join(tmpdir(), "rar-bench-similar-"));
const corpusId = await benchDatabase(work);
const store = new EmbeddedStore(join(work, "store"));
const job = await createJob({ corpusId, kind: "cli", inputDir: dir });
await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir: join(work, "data") });

const decisions = listInputFiles(dir).flatMap((f) => parseFile(f.name, readFileSync(f.path)).decisions);
let queries = 0;
let recallSum = 0;
let rrSum = 0;
const started = performance.now();
for (const d of decisions) {
  const section = (name: string) => d.sections.find((s) => s.name === name)?.text ?? "";
  const cited = referencedCaseNumbers(section("참조판례"));
  const held = await findDocumentsForCaseNos(cited);
  const own = new Set(splitCaseNo(d.meta.caseNo));
  const relevant = new Set(
    [...held.values()]
      .flat()
      .map((doc) => doc.caseNo)
      .filter((n) => !splitCaseNo(n).some((p) => own.has(p))),
  );
  const passage = (kind === "reasons" ? section("판례내용") : section("판결요지") || section("판시사항")).slice(
    0,
    SIMILAR_MAX_CHARS,
  );
  if (relevant.size === 0 || !passage.trim()) continue;
  const hits = await similarDecisions(passage, {
    store,
    dense: false,
    exclude: { corpusId, caseNo: d.meta.caseNo },
    limit: 10,
  });
  const found = hits.map((h) => h.caseNo);
  queries++;
  recallSum += found.filter((n) => relevant.has(n)).length / relevant.size;
  const first = found.findIndex((n) => relevant.has(n));
  rrSum += first >= 0 ? 1 / (first + 1) : 0;
}
const ms = performance.now() - started;
console.log(`질의 ${queries}건 (${kind === "reasons" ? "판례내용 앞부분" : "판결요지"}), 키워드 검색만`);
console.log(
  `recall@10 ${(recallSum / Math.max(1, queries)).toFixed(3)} · MRR ${(rrSum / Math.max(1, queries)).toFixed(3)} · 질의당 ${(ms / Math.max(1, queries)).toFixed(0)} ms`,
);
await store.close();
rmSync(work, { recursive: true, force: true });
process.exit(0);
