// Runs once when the Next.js server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: stamp each request with its socket address, for per-IP sign-in limits (see client-ip.ts).
  const { installPeerAddressHeader } = await import("./lib/auth/client-ip");
  installPeerAddressHeader();
  // Expired and idle sessions are deleted hourly.
  const { startSessionPurgeTimer } = await import("./lib/auth/session-purge");
  startSessionPurgeTimer();
  // Answers cut off by a restart are marked interrupted (the text and trace saved while they streamed stay).
  const { closeDanglingMessages } = await import("./lib/db/chats");
  await closeDanglingMessages();
  // Load the search index now (in its worker thread), not when the first lawyer asks.
  const [{ getStore }, { logError }] = await Promise.all([import("./lib/store"), import("./lib/errors")]);
  void getStore()
    .then((store) => store.count())
    .catch(logError);
  // Ingestion jobs interrupted by a restart continue where they stopped.
  const { resumeUnfinishedJobs } = await import("./lib/ingest/job-queue");
  const count = await resumeUnfinishedJobs();
  if (count > 0) console.log(`[ingest] ${count}개의 색인 작업을 이어서 진행합니다.`);
  const { resumeEvaluations } = await import("./lib/eval/eval-jobs");
  const evals = await resumeEvaluations();
  if (evals > 0) console.log(`[eval] ${evals}개의 평가를 이어서 진행합니다.`);
}
