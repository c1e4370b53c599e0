// Evaluates retrieval and answers on a benchmark, comparing systems:
//   npm run eval -- --bench ../shared/data/dev/retrieval.jsonl --corpus demo --systems sparse
//   --systems: ids or groups (all, baselines, ablations, sweep), comma-separated
//   --out DIR (default reports/eval-<time>) · --concurrency N (default 2) · --no-cache
import "./load-env";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { aiConfig, configuredComponents } from "../lib/ai/config";
import { defaultPipelineDeps } from "../lib/chat/default-deps";
import { findCorpusByName } from "../lib/db/corpora";
import { parseBenchmark } from "../lib/eval/benchmark";
import { runEvaluation } from "../lib/eval/run-eval";
import { resolveSystems, SYSTEM_GROUPS, SYSTEMS } from "../lib/eval/systems";
import { writeReport } from "../lib/eval/write-report";
import { formatSeconds } from "./progress-bar";

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const benchPath = arg("--bench");
const corpusName = arg("--corpus");
const systemList = arg("--systems") ?? "sparse";
if (!benchPath || !corpusName) {
  console.error(
    "사용법: npm run eval -- --bench <benchmark.jsonl> --corpus <말뭉치> [--systems 목록] [--out 폴더] [--concurrency N]",
  );
  console.error(`시스템: ${SYSTEMS.map((s) => s.id).join(", ")} · 묶음: ${Object.keys(SYSTEM_GROUPS).join(", ")}`);
  process.exit(2);
}

const { items, errors } = parseBenchmark(readFileSync(resolve(benchPath), "utf8"));
for (const e of errors) console.error(`  ${benchPath}:${e.line}: ${e.message}`);
if (items.length === 0) {
  console.error("평가할 항목이 없습니다.");
  process.exit(1);
}
const corpus = await findCorpusByName(corpusName);
if (!corpus) {
  console.error(`말뭉치 '${corpusName}'가 없습니다. 먼저 npm run ingest -- <경로> --corpus ${corpusName}`);
  process.exit(1);
}
const { systems, unknown } = resolveSystems(systemList);
if (unknown.length) {
  console.error(`알 수 없는 시스템: ${unknown.join(", ")}`);
  process.exit(2);
}

const config = aiConfig();
const deps = { ...(await defaultPipelineDeps()), filter: { corpusIds: [corpus.id] } };
const out = resolve(arg("--out") ?? join("reports", `eval-${new Date().toISOString().replace(/[:.]/g, "-")}`));
const started = Date.now();
const run = await runEvaluation({
  items,
  systems,
  deps,
  available: configuredComponents(config),
  cacheDir: argv.includes("--no-cache") ? undefined : resolve("reports/.cache", corpus.id),
  concurrency: Number(arg("--concurrency") ?? 2),
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
const { markdown, files } = writeReport(out, `평가: ${benchPath} · 말뭉치 ${corpus.name}`, items, run, systems);
console.log(`\n${markdown}`);
console.log(`보고서: ${files.map((f) => join(out, f)).join(", ")}`);
await deps.store.close();
