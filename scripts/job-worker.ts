// A job worker without a web server (PostgreSQL deployments): takes ingestion and evaluation jobs
// from the pg-boss queue, like every app instance does, and joins the upkeep (stale sweep, queue
// maintenance). Useful to run jobs on a machine of their own.
//   DATABASE_URL=postgres://… npm run jobs:worker
// SIGTERM / Ctrl+C: stops taking jobs; a run in progress stops at its next checkpoint and is
// resumed by another worker.

// First: the .env files are loaded and errors become one line before any other module runs.
import "./cli";
import { dbProvider } from "../lib/db/client";
import { startJobs, stopJobs } from "../lib/jobs/start";
import { stopStaleJobSweeper } from "../lib/jobs/sweeper";
import { loadJobKinds } from "../lib/startup/job-kinds";
import { requireDatabase } from "./cli";

if (dbProvider() !== "postgresql") {
  console.error(
    "작업 전용 프로세스는 PostgreSQL(DATABASE_URL=postgres://…)에서만 씁니다. SQLite에서는 서버가 작업을 직접 실행합니다.",
  );
  process.exit(2);
}
await requireDatabase();

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  stopStaleJobSweeper();
  await stopJobs();
  process.exit(0);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

await loadJobKinds();
await startJobs();
console.log(`[jobs] 작업자 준비됨 (pid ${process.pid})`);
// The sweeper's timer does not hold the process; the queue's polling does, until stop().
setInterval(() => {}, 1 << 30);
