// Imports decisions from a folder tree, a file or a .zip into a corpus, with a terminal progress bar.
//   npm run ingest -- <path> --corpus <name> [--force]
// --force rebuilds every document even when unchanged (re-index).
import "./load-env";
import { mkdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { createCorpus, findCorpusByName } from "../lib/db/corpora";
import { createJob, updateJob } from "../lib/db/jobs";
import { env } from "../lib/env";
import { AppError, toAppError } from "../lib/errors";
import { defaultJobContext } from "../lib/ingest/job-queue";
import { runIngestionJob } from "../lib/ingest/run-job";
import { unpackLocalZip } from "../lib/ingest/unzip";
import { renderProgress } from "./progress-bar";

function parseArgs(argv: string[]) {
  const out: { path?: string; corpus?: string; force: boolean } = { force: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--corpus") out.corpus = argv[++i];
    else if (arg === "--force") out.force = true;
    else if (arg && !arg.startsWith("--")) out.path = arg;
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
if (!args.path || !args.corpus) {
  console.error("사용법: npm run ingest -- <폴더|파일|zip> --corpus <말뭉치 이름> [--force]");
  process.exit(2);
}

try {
  const settings = env();
  const input = resolve(args.path);
  statSync(input);
  const corpus = (await findCorpusByName(args.corpus)) ?? (await createCorpus(args.corpus));
  const job = await createJob({ corpusId: corpus.id, kind: "cli", inputDir: input, force: args.force });
  if (input.toLowerCase().endsWith(".zip")) {
    const dir = join(resolve(settings.DATA_DIR), "uploads", job.id);
    mkdirSync(dir, { recursive: true });
    const skipped = await unpackLocalZip(input, dir, settings.UPLOAD_MAX_RATIO).catch(async (error) => {
      await updateJob(job.id, { status: "failed", message: toAppError(error).userMessage, finishedAt: new Date() });
      throw error;
    });
    await updateJob(job.id, { inputDir: dir, errors: skipped });
  }
  const ctx = await defaultJobContext();
  console.log(`말뭉치 '${corpus.name}'에 가져오기: ${input}${ctx.embedder ? "" : " (임베딩 없음: BM25 전용 색인)"}`);
  const started = Date.now();
  // Redraw at most 5 times a second on a terminal; in a log (CI, nohup) print a line per 10%.
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  let lastDecile = -1;
  const result = await runIngestionJob(job.id, {
    ...ctx,
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
  console.log(
    `${result.status === "done" ? "완료" : result.status}: 문서 ${result.indexed}건 색인, ${result.unchanged}건 변경 없음, 청크 ${result.chunked}개, 임베딩 ${result.embedded}개, 실패 ${result.failed}건 (${((Date.now() - started) / 1000).toFixed(1)}초)`,
  );
  for (const e of result.errors.slice(0, 50)) console.log(`  - ${e.file}: ${e.message}`);
  if (result.errors.length > 50) console.log(`  … 외 ${result.errors.length - 50}건`);
  if (result.message) console.log(result.message);
  await ctx.store.close();
  process.exit(result.status === "done" ? 0 : 1);
} catch (error) {
  const appError = toAppError(error);
  console.error(
    appError instanceof AppError && appError.code !== "internal:unexpected"
      ? appError.userMessage
      : (appError.cause ?? appError),
  );
  process.exit(1);
}
