// Runs once when the Next.js server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before anything touches data: one server per embedded data directory (refuse the second clearly).
  const { claimDataDirectory } = await import("./lib/store/claim-data-dir");
  claimDataDirectory();
  // First: stamp each request with its socket address, for per-IP sign-in limits (see client-ip.ts).
  const { installPeerAddressHeader } = await import("./lib/auth/client-ip");
  installPeerAddressHeader();
  // Expired and idle sessions are deleted hourly.
  const { startSessionPurgeTimer } = await import("./lib/auth/session-purge");
  startSessionPurgeTimer();
  // Answers cut off by a restart are marked interrupted (the text and trace saved while they streamed stay).
  const { closeAnswersAtStart } = await import("./lib/chat/answer-liveness");
  await closeAnswersAtStart();
  // Load the search index now (in its worker thread), not when the first lawyer asks.
  const [{ getStore }, { logError }] = await Promise.all([import("./lib/store"), import("./lib/errors")]);
  void getStore()
    .then((store) => store.count())
    .catch(logError);
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
