// 서면 검증 benchmark: a 100,000-character draft citing 150 decisions checked without a model, over
// the shared decisions imported into a scratch database and store. Prints figures; asserts nothing.
//   npm run bench:check [-- --chars 100000 --citations 150 --runs 3 --dir ../shared/data/precedents]
// The draft is built here (deterministic): sentences of the decisions' own reasons as its prose,
// and citations of decisions the corpus holds — some written with a wrong date or court, some of
// numbers no corpus holds — as lawyers write them (court, date, 선고, number, 판결). The figure the
// issue sets: ≤ 5 s for the check, the server's thread responsive meanwhile (its largest
// event-loop gap is measured on this thread, where the check runs on a server).
import "./cli";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { checkBrief } from "../lib/brief/check";
import { createJob } from "../lib/db/jobs";
import { parseFile } from "../lib/ingest/parse-file";
import { runIngestionJob } from "../lib/ingest/run-job";
import { listInputFiles } from "../lib/ingest/sources";
import { EmbeddedStore } from "../lib/store/embedded-store";
import { readCaseNumbers } from "../lib/text/case-citation";
import { benchDatabase } from "./bench-search-engine";
import { requirePath } from "./cli";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const CHARS = Number(arg("--chars", "100000"));
const CITATIONS = Number(arg("--citations", "150"));
const RUNS = Number(arg("--runs", "3"));
const dir = requirePath(arg("--dir", "../shared/data/precedents"));

const work = mkdtempSync(join(tmpdir(), "rar-bench-check-"));
const corpusId = await benchDatabase(work);
const store = new EmbeddedStore(join(work, "store"));
const job = await createJob({ corpusId, kind: "cli", inputDir: dir });
const t0 = performance.now();
await runIngestionJob(job.id, { store, chunkSize: 800, chunkOverlap: 100, dataDir: join(work, "data") });
console.log(`가져오기: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// A deterministic pseudo-random sequence (the same draft every run).
let seed = 42;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const decisions = listInputFiles(dir).flatMap((f) => parseFile(f.name, readFileSync(f.path)).decisions);
const sentences = decisions.flatMap((d) =>
  (d.sections.find((s) => s.name === "판례내용")?.text ?? "")
    .split(/(?<=다\.)\s+/)
    .filter((s) => s.length > 40 && s.length < 300 && readCaseNumbers(s).length === 0),
);
const dotted = (date: string) => date.split("-").map(Number).join(". ");
function citation(i: number): string {
  if (i % 5 === 4) return `대법원 2031. 1. ${1 + (i % 28)}. 선고 2031다${90_000 + i} 판결`;
  const d = decisions[Math.floor(next() * decisions.length)];
  if (!d) return "";
  const caseNo = d.meta.caseNo.split(",")[0] ?? d.meta.caseNo;
  const date = i % 7 === 3 ? "1999-01-01" : d.meta.decisionDate;
  const court = i % 11 === 5 ? "서울고등법원" : d.meta.court;
  return `${court} ${dotted(date)}. 선고 ${caseNo} 판결`;
}
const parts: string[] = [];
let length = 0;
for (let i = 0; length < CHARS; i++) {
  const sentence = sentences[Math.floor(next() * sentences.length)] ?? "";
  const cited = i < CITATIONS * 4 && i % 4 === 0 ? sentence.replace(/다\.$/, `다(${citation(i / 4)}).`) : sentence;
  parts.push(cited, i % 6 === 5 ? "\n\n" : " ");
  length += cited.length + 1;
}
const draft = parts.join("").slice(0, CHARS);

let maxGap = 0;
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  maxGap = Math.max(maxGap, now - last - 10);
  last = now;
}, 10);
const times: number[] = [];
let report: Awaited<ReturnType<typeof checkBrief>> | undefined;
for (let r = 0; r < RUNS; r++) {
  const started = performance.now();
  report = await checkBrief(draft, { store });
  times.push(performance.now() - started);
}
clearInterval(timer);
const counts = new Map<string, number>();
for (const c of report?.citations ?? []) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `초안 ${draft.length.toLocaleString("ko-KR")}자, 인용 ${report?.citations.length ?? 0}건 (${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")})`,
);
console.log(
  `근거 판정 ${report?.citations.filter((c) => c.support).length ?? 0}건, 조문 ${report?.statutes.length ?? 0}건, 함께 검토할 판례 ${report?.suggestions.length ?? 0}건`,
);
console.log(
  `검증 시간 (모델 없음, ${RUNS}회): 최소 ${sorted[0]?.toFixed(0)} ms · 중앙값 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms · 최대 ${sorted.at(-1)?.toFixed(0)} ms`,
);
console.log(
  `이 스레드의 가장 긴 이벤트 루프 공백: ${maxGap.toFixed(0)} ms · 부하 ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await store.close();
rmSync(work, { recursive: true, force: true });
process.exit(0);
