// Imports decisions from a folder tree, a file or a .zip into a corpus, with a terminal progress bar.
//   npm run ingest -- <path> --corpus <name> [--force]
//   npm run ingest -- --resume <jobId>      resume an interrupted or failed job (what is indexed is skipped)
//   npm run ingest -- --cancel <jobId>      cancel a job (a running one stops within about a second)
// --force rebuilds every document even when unchanged (re-index). Running the same import again
// (same folder or file, same corpus, same --force) after it was interrupted resumes that job.
// Ctrl+C stops at the next safe point and leaves the job interrupted, to be resumed.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { COMMAND_LINE, recordAuditBy } from "../lib/db/audit";
import { createCorpus, findCorpusByName, getCorpus } from "../lib/db/corpora";
import {
  activeJob,
  closeJob,
  createJob,
  getJob,
  type JobRecord,
  listInterruptedJobs,
  sweepStaleJobs,
  updateJob,
} from "../lib/db/jobs";
import { env, filesDir } from "../lib/env";
import { AppError, toAppError } from "../lib/errors";
import { cancelIngestionJob, reopenFailedIngestionJob } from "../lib/ingest/job-control";
import { defaultJobContext } from "../lib/ingest/job-queue";
import { runIngestionJob } from "../lib/ingest/run-job";
import { unpackLocalZip } from "../lib/ingest/unzip";
import { processOwner } from "../lib/jobs/owner";
import { startBulkCli } from "./bulk-cli";
import { cliErrorLine, requireDatabase, requirePath } from "./cli";
import { renderProgress } from "./progress-bar";

function parseArgs(argv: string[]) {
  const out: { path?: string; corpus?: string; force: boolean; resume?: string; cancel?: string } = { force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--corpus") out.corpus = argv[++i];
    else if (arg === "--force") out.force = true;
    else if (arg === "--resume") out.resume = argv[++i];
    else if (arg === "--cancel") out.cancel = argv[++i];
    else if (arg && !arg.startsWith("--")) out.path = arg;
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (!args.cancel && !args.resume && (!args.path || !args.corpus)) {
  console.error("사용법: npm run ingest -- <폴더|파일|zip> --corpus <말뭉치 이름> [--force]");
  console.error("        npm run ingest -- --resume <작업 id>   |   npm run ingest -- --cancel <작업 id>");
  process.exit(2);
}

if (args.path) requirePath(args.path);
await requireDatabase();
const owner = processOwner("cli");
startBulkCli();

/** The job to run: the one named by --resume, an interrupted import of the same path, or a new one. */
async function pickJob(): Promise<JobRecord> {
  await sweepStaleJobs();
  if (args.resume) {
    const found = await getJob(args.resume);
    if (!found)
      throw new AppError("not_found:resource", { userMessage: `작업 ${args.resume}을(를) 찾을 수 없습니다.` });
    // A failed job (an error, a database lock) is resumed too: what it committed is complete and skipped.
    const job = await reopenFailedIngestionJob(found);
    console.log(
      `${found.status === "failed" ? "실패한 " : ""}작업 ${job.id}을(를) 이어서 진행합니다 (이미 색인된 문서는 건너뜁니다).`,
    );
    return job;
  }
  const settings = env();
  const input = resolve(args.path as string);
  const corpus = (await findCorpusByName(args.corpus as string)) ?? (await createCorpus(args.corpus as string));
  const previous = (await listInterruptedJobs(corpus.id)).find(
    (j) => j.kind === "cli" && j.inputDir === input && j.force === args.force,
  );
  if (previous) {
    console.log(`중단된 작업 ${previous.id}을(를) 이어서 진행합니다 (이미 색인된 문서는 건너뜁니다).`);
    return previous;
  }
  const job = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: input, force: args.force, owner }).catch(
    async (error) => {
      const active = await activeJob(corpus.id);
      if (toAppError(error).code !== "ingest:busy" || !active) throw error;
      const silent = Math.round((Date.now() - (active.heartbeatAt ?? active.updatedAt).getTime()) / 1000);
      throw new AppError("ingest:busy", {
        userMessage: `말뭉치 '${corpus.name}'에 진행 중인 작업 ${active.id}(${active.kind}, 마지막 신호 ${silent}초 전)이 있습니다. 그 프로세스가 멈췄다면 ${env().JOB_STALE_SECONDS}초 뒤 다시 실행하면 이어서 진행하고, 취소하려면 npm run ingest -- --cancel ${active.id}`,
      });
    },
  );
  if (input.toLowerCase().endsWith(".zip")) {
    const dir = join(resolve(filesDir(settings)), "uploads", job.id);
    mkdirSync(dir, { recursive: true });
    const skipped = await unpackLocalZip(input, dir, settings.UPLOAD_MAX_RATIO).catch(async (error) => {
      await updateJob(job.id, { status: "failed", message: toAppError(error).userMessage, finishedAt: new Date() });
      throw error;
    });
    await updateJob(job.id, { inputDir: dir, errors: skipped });
  }
  // The path on the server, so the log says what was imported (an admin's upload says its files).
  await recordAuditBy(
    COMMAND_LINE,
    "corpus.import",
    { kind: "corpus", id: corpus.id, label: corpus.name },
    `${input} (작업 ${job.id})`,
  );
  return job;
}

if (args.cancel) {
  try {
    const job = await cancelIngestionJob(args.cancel);
    console.log(
      job.status === "cancelled"
        ? `작업 ${job.id}을(를) 취소했습니다.`
        : job.status === "running"
          ? `작업 ${job.id}에 취소를 요청했습니다. 실행 중인 프로세스가 곧 멈춥니다.`
          : `작업 ${job.id}은(는) 이미 끝났습니다 (${job.status}).`,
    );
    process.exit(0);
  } catch (error) {
    console.error(cliErrorLine(error));
    process.exit(1);
  }
}

try {
  const job = await pickJob();
  const corpus = await getCorpus(job.corpusId);
  if (!corpus) throw new AppError("not_found:resource");
  const input = job.inputDir ?? "";
  const ctx = await defaultJobContext();
  console.log(
    `말뭉치 '${corpus.name}'에 가져오기: ${input}${ctx.embedder ? "" : " (임베딩 없음: BM25 전용 색인)"} · 작업 ${job.id}`,
  );
  const started = Date.now();
  // Redraw at most 5 times a second on a terminal; in a log (CI, nohup) print a line per 10%.
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  let lastDecile = -1;
  let result = await runIngestionJob(job.id, {
    ...ctx,
    owner,
    onProgress: (counts) => {
      const done = counts.filesTotal > 0 && counts.filesDone === counts.filesTotal;
      if (tty) {
        if (!done && Date.now() - lastDraw < 200) return;
        lastDraw = Date.now();
        process.stderr.write(renderProgress(counts, started));
      } else {
        const decile = counts.filesTotal ? Math.floor((counts.filesDone / counts.filesTotal) * 10) : 0;
        if (decile === lastDecile) return;
        lastDecile = decile;
        process.stderr.write(`${renderProgress(counts, started).trim()}\n`);
      }
    },
  });
  if (tty) process.stderr.write("\n");
  if (result.status === "running" && result.owner === owner) {
    // Stopped by Ctrl+C: nobody runs it any more; leave it resumable rather than "running".
    await closeJob(result, ["running"], {
      status: "interrupted",
      message: "명령줄에서 중단했습니다 (Ctrl+C). 그때까지 색인된 문서는 유지됩니다.",
    });
    result = (await getJob(result.id)) ?? result;
  }
  console.log(
    `${result.status === "done" ? "완료" : result.status}: 문서 ${result.indexed}건 색인, ${result.unchanged}건 변경 없음, 청크 ${result.chunked}개, 임베딩 ${result.embedded}개, 실패 ${result.failed}건 (${((Date.now() - started) / 1000).toFixed(1)}초)`,
  );
  for (const e of result.errors.slice(0, 50)) console.log(`  - ${e.file}: ${e.message}`);
  if (result.errors.length > 50) console.log(`  … 외 ${result.errors.length - 50}건`);
  if (result.message) console.log(result.message);
  if (
    result.status === "interrupted" ||
    (result.status === "failed" && result.inputDir && existsSync(result.inputDir))
  ) {
    console.log(`이어서 하려면: npm run ingest -- --resume ${result.id}`);
  }
  await ctx.store.close();
  process.exit(result.status === "done" ? 0 : result.status === "interrupted" ? 130 : 1);
} catch (error) {
  console.error(cliErrorLine(error));
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
}
