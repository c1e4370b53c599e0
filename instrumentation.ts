// Runs once when the Next.js server starts.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Ingestion jobs interrupted by a restart continue where they stopped.
  const { resumeUnfinishedJobs } = await import("./lib/ingest/job-queue");
  const count = await resumeUnfinishedJobs();
  if (count > 0) console.log(`[ingest] ${count}개의 색인 작업을 이어서 진행합니다.`);
}
