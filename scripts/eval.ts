// Evaluates retrieval and answers on a benchmark, comparing systems, with 95% bootstrap intervals:
//   npm run eval -- --bench ../shared/data/dev/retrieval.jsonl --corpus demo --systems sparse,rar-sparse
//   (--corpus may be left out when the database holds one corpus)
//   --systems: ids or groups (all, baselines, ablations, sweep), comma-separated
//   --replay FILE: answer every model call from a recorded-calls file (no network; our own format or
//                  the simple {question, analytical, judge} one) · --record FILE: call the models and record
//   --baseline ID (default sparse, else the first system) · --resamples N (2000) · --seed N
//   --out DIR (default reports/eval-<time>) · --concurrency N (default 2) · --no-cache
//   npm run eval -- --compare reports/eval-A reports/eval-B   (what changed, which questions flipped)

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type CorpusRecord, findCorpusByName, listCorpora } from "../lib/db/corpora";
import { parseBenchmark } from "../lib/eval/benchmark";
import { comparisonMarkdown } from "../lib/eval/compare-markdown";
import { compareRuns } from "../lib/eval/compare-runs";
import { executeEvaluation } from "../lib/eval/execute";
import { partialReplayLine } from "../lib/eval/replay-gaps";
import { resolveSystems, SYSTEM_GROUPS, SYSTEMS } from "../lib/eval/systems";
import type { SavedRun } from "../lib/eval/write-report";
import { getStore } from "../lib/store";
import { cliErrorLine, requireDatabase, requirePath } from "./cli";
import { formatSeconds } from "./progress-bar";

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

const compare = argv.indexOf("--compare");
if (compare >= 0) {
  const [a, b] = [argv[compare + 1], argv[compare + 2]];
  if (!a || !b) {
    console.error("사용법: npm run eval -- --compare <보고서 폴더 A> <보고서 폴더 B>");
    process.exit(2);
  }
  const load = (dir: string) => JSON.parse(readFileSync(join(requirePath(dir), "results.json"), "utf8")) as SavedRun;
  console.log(comparisonMarkdown(compareRuns(load(a), load(b))));
  process.exit(0);
}

const benchPath = arg("--bench");
const corpusName = arg("--corpus");
const systemList = arg("--systems") ?? "sparse";
if (!benchPath) {
  console.error(
    "사용법: npm run eval -- --bench <benchmark.jsonl> [--corpus <말뭉치>] [--systems 목록] [--replay 파일 | --record 파일] [--baseline id] [--out 폴더] [--concurrency N]",
  );
  console.error(`시스템: ${SYSTEMS.map((s) => s.id).join(", ")} · 묶음: ${Object.keys(SYSTEM_GROUPS).join(", ")}`);
  process.exit(2);
}
if (arg("--replay") && arg("--record")) {
  console.error("--replay와 --record는 함께 쓸 수 없습니다.");
  process.exit(2);
}

for (const file of [benchPath, arg("--replay")]) if (file) requirePath(file);
const { items, errors } = parseBenchmark(readFileSync(resolve(benchPath), "utf8"));
for (const e of errors) console.error(`  ${benchPath}:${e.line}: ${e.message}`);
if (items.length === 0) {
  console.error("평가할 항목이 없습니다.");
  process.exit(1);
}
await requireDatabase();
/** The corpus named by --corpus, or the only one there is (a data folder with one corpus needs no name). */
async function pickCorpus(): Promise<CorpusRecord> {
  if (corpusName) {
    const named = await findCorpusByName(corpusName);
    if (named) return named;
    console.error(`말뭉치 '${corpusName}'가 없습니다. 먼저: npm run ingest -- <경로> --corpus ${corpusName}`);
    process.exit(1);
  }
  const all = await listCorpora();
  if (all.length === 1 && all[0]) return all[0];
  console.error(
    all.length === 0
      ? "말뭉치가 없습니다. 먼저: npm run ingest -- <경로> --corpus <이름>"
      : `말뭉치가 여럿입니다. --corpus 로 고르세요: ${all.map((c) => c.name).join(", ")}`,
  );
  process.exit(1);
}
const corpus = await pickCorpus();
const { systems, unknown } = resolveSystems(systemList);
if (unknown.length) {
  console.error(`알 수 없는 시스템: ${unknown.join(", ")}`);
  process.exit(2);
}

const baseline = arg("--baseline");
if (baseline && !systems.some((s) => s.id === baseline)) {
  console.error(`기준 시스템 '${baseline}'은(는) --systems에 없습니다.`);
  process.exit(2);
}

const out = resolve(arg("--out") ?? join("reports", `eval-${new Date().toISOString().replace(/[:.]/g, "-")}`));
const started = Date.now();
try {
  const { markdown, files, calls, summary } = await executeEvaluation({
    corpusId: corpus.id,
    items,
    systems,
    outDir: out,
    title: `평가: ${benchPath} · 말뭉치 ${corpus.name}`,
    replay: arg("--replay"),
    record: arg("--record"),
    cacheDir: argv.includes("--no-cache") ? undefined : resolve("reports/.cache", corpus.id),
    baseline,
    concurrency: Number(arg("--concurrency") ?? 2),
    resamples: arg("--resamples") ? Number(arg("--resamples")) : undefined,
    seed: arg("--seed") ? Number(arg("--seed")) : undefined,
    onProgress: (done, total) => {
      const elapsed = (Date.now() - started) / 1000;
      const eta = done ? (elapsed / done) * (total - done) : 0;
      const width = 30;
      const filled = Math.round((done / total) * width);
      if (process.stderr.isTTY || done === total || done % Math.max(1, Math.floor(total / 10)) === 0) {
        process.stderr.write(
          `${process.stderr.isTTY ? "\r" : ""}[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${done}/${total} · 남은 시간 ${formatSeconds(eta)}   ${process.stderr.isTTY ? "" : "\n"}`,
        );
      }
    },
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  console.log(`\n${markdown}`);
  if (calls) console.log(`모델 호출: ${calls.mode === "replay" ? "재생" : "기록"} — ${calls.path}`);
  console.log(`보고서: ${files.map((f) => join(out, f)).join(", ")}`);
  // Last, where a reader of the terminal looks: figures that are partly fallbacks are not the strategy's.
  const partial = partialReplayLine(summary.summaries);
  if (partial) console.log(partial);
} catch (error) {
  console.error(`평가 실패: ${cliErrorLine(error)}`);
  if (process.env.DEBUG) console.error(error);
  process.exitCode = 1;
} finally {
  await (await getStore()).close();
}
