// Enriches a corpus (docs/method.md §3, §4): a context per chunk (contextual retrieval) or its atomic
// questions (knowledge atomizing), with a terminal progress line (counts, tokens, cost, ETA).
//   npm run enrich -- --corpus <name> --kind context|atoms [--batch] [--retry-failed]
//   npm run enrich -- --resume <jobId>      resume an interrupted job (nothing made is asked again)
//   npm run enrich -- --cancel <jobId>      cancel a job (a running one stops within about a second)
// Ctrl+C stops at the next safe point and leaves the job interrupted, to be resumed.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { COMMAND_LINE } from "../lib/db/audit";
import { findCorpusByName } from "../lib/db/corpora";
import { type EnrichmentCounts, getEnrichmentJob } from "../lib/db/enrichment";
import { closeJob, getJob, type JobRecord, sweepStaleJobs } from "../lib/db/jobs";
import { project } from "../lib/enrich/cost";
import { startEnrichment } from "../lib/enrich/enrich-control";
import { runEnrichmentJobById } from "../lib/enrich/run-by-id";
import { AppError } from "../lib/errors";
import { cancelIngestionJob } from "../lib/ingest/job-control";
import { processOwner } from "../lib/jobs/owner";
import { startBulkCli } from "./bulk-cli";
import { cliErrorLine, requireDatabase } from "./cli";
import { formatSeconds } from "./progress-bar";

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const kind = arg("--kind");
const corpusName = arg("--corpus");
const resume = arg("--resume");
const cancel = arg("--cancel");
if (!resume && !cancel && (!corpusName || (kind !== "context" && kind !== "atoms"))) {
  console.error("사용법: npm run enrich -- --corpus <말뭉치 이름> --kind context|atoms [--batch] [--retry-failed]");
  console.error("        npm run enrich -- --resume <작업 id>   |   npm run enrich -- --cancel <작업 id>");
  process.exit(2);
}

await requireDatabase();
const owner = processOwner("cli");
startBulkCli();

const n = new Intl.NumberFormat("ko-KR");
const money = (x: number) => x.toLocaleString("ko-KR", { maximumFractionDigits: 4 });

function line(c: EnrichmentCounts, started: number, generatedBefore: number): string {
  const resolved = c.done + c.failed;
  const ratio = c.total > 0 ? Math.min(1, resolved / c.total) : 0;
  const width = 24;
  const filled = Math.round(ratio * width);
  const elapsed = (Date.now() - started) / 1000;
  const p = project({ ...c, elapsedSeconds: elapsed, generatedThisRun: c.generated - generatedBefore });
  return `\r[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${(ratio * 100).toFixed(1)}% 청크 ${n.format(c.done)}/${n.format(c.total)} (이번에 새로 ${n.format(Math.max(0, c.generated - generatedBefore))}) · 실패 ${n.format(c.failed)} · 토큰 입력 ${n.format(c.inputTokens)}(캐시 ${n.format(c.cachedInputTokens)}) 출력 ${n.format(c.outputTokens)} · 비용 ${money(c.cost)}${p.total !== null ? ` (예상 ${money(p.total)})` : ""} · 남은 시간 ${formatSeconds(p.etaSeconds ?? 0)}   `;
}

async function pick(): Promise<JobRecord> {
  await sweepStaleJobs();
  if (resume) {
    const job = await getJob(resume);
    if (job?.kind !== "enrich")
      throw new AppError("not_found:resource", { userMessage: `보강 작업 ${resume}이(가) 없습니다.` });
    console.log(`작업 ${job.id}을(를) 이어서 진행합니다 (이미 만든 결과는 다시 묻지 않습니다).`);
    return job;
  }
  const corpus = await findCorpusByName(corpusName as string);
  if (!corpus) throw new AppError("not_found:resource", { userMessage: `말뭉치 '${corpusName}'이(가) 없습니다.` });
  const { job, enrichment } = await startEnrichment({
    corpusId: corpus.id,
    kind: kind as "context" | "atoms",
    mode: argv.includes("--batch") ? "batch" : "live",
    retryOnly: argv.includes("--retry-failed"),
    owner,
    by: COMMAND_LINE,
  });
  if (argv.includes("--batch") && enrichment.mode !== "batch") {
    console.log("모델 호출 기록/재생 중에는 배치 모드를 쓸 수 없어 실시간 모드로 진행합니다.");
  }
  return job;
}

if (cancel) {
  try {
    const job = await cancelIngestionJob(cancel);
    console.log(job.status === "cancelled" ? `작업 ${job.id}을(를) 취소했습니다.` : `작업 ${job.id}: ${job.status}`);
    process.exit(0);
  } catch (error) {
    console.error(cliErrorLine(error));
    process.exit(1);
  }
}

try {
  const job = await pick();
  const row = await getEnrichmentJob(job.id);
  console.log(
    `보강: ${row?.kind === "context" ? "맥락(contextual retrieval)" : "원자 질문(knowledge atomizing)"} · 모델 ${row?.model} · ${row?.mode === "batch" ? "배치" : "실시간"} 모드 · 작업 ${job.id}`,
  );
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  let generatedBefore = -1;
  let result = await runEnrichmentJobById(job.id, owner, {
    onProgress: (c) => {
      if (generatedBefore < 0) generatedBefore = c.generated;
      if (Date.now() - lastDraw < (tty ? 200 : 5_000)) return;
      lastDraw = Date.now();
      process.stderr.write(tty ? line(c, started, generatedBefore) : `${line(c, started, generatedBefore).trim()}\n`);
    },
  });
  if (tty) process.stderr.write("\n");
  if (result.status === "running" && result.owner === owner) {
    await closeJob(result, ["running"], {
      status: "interrupted",
      message: "명령줄에서 중단했습니다 (Ctrl+C). 그때까지 만든 결과는 유지됩니다.",
    });
    result = (await getJob(result.id)) ?? result;
  }
  const after = await getEnrichmentJob(job.id);
  if (after) console.log(line(after, started, Math.max(0, generatedBefore)).trim());
  if (result.message) console.log(result.message);
  for (const f of after?.failures.slice(0, 20) ?? [])
    console.log(`  - ${f.caseNo} (${f.chunkId.slice(0, 8)}): ${f.message}`);
  if (result.status === "interrupted") console.log(`이어서 하려면: npm run enrich -- --resume ${result.id}`);
  process.exit(result.status === "done" ? 0 : result.status === "interrupted" ? 130 : 1);
} catch (error) {
  console.error(cliErrorLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}
