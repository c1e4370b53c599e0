// Runs once when the Next.js server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Answers cut off by a restart are closed as stopped (their partial text is kept).
  const { closeDanglingMessages } = await import("./lib/db/chats");
  await closeDanglingMessages();
  // Jobs of the previous server continue where they stopped; a dead CLI import's job is interrupted.
  const { resumeUnfinishedJobs } = await import("./lib/ingest/job-queue");
  const count = await resumeUnfinishedJobs();
  if (count > 0) console.log(`[ingest] ${count}개의 색인 작업을 이어서 진행합니다.`);
  const { resumeEvaluations } = await import("./lib/eval/eval-jobs");
  const evals = await resumeEvaluations();
  if (evals > 0) console.log(`[eval] ${evals}개의 평가를 이어서 진행합니다.`);
  // From now on, jobs whose process stopped beating are interrupted within JOB_STALE_SECONDS.
  const { startStaleJobSweeper, sweepAllStaleJobs } = await import("./lib/job-sweeper");
  await sweepAllStaleJobs();
  startStaleJobSweeper();
}
