// Runs one background job for the server, in its own process (lib/jobs/child-process.ts starts it):
//   node --import tsx scripts/job-runner.ts ingest <jobId> --owner server:<pid>@<host>
//   node --import tsx scripts/job-runner.ts eval <evalJobId> --owner server:<pid>@<host>
//   node --import tsx scripts/job-runner.ts enrich <jobId> --owner server:<pid>@<host>
// (any kind of lib/startup/job-kinds.ts; the kind's `execute` runs it).
// Exit code 0: the job reached an end of its own (done, failed, cancelled). 4: it was stopped with
// its process (server gone, Ctrl+C, SIGTERM) and left as it is, for the next server to resume.
// Anything else: the server marks the job interrupted.
import "./load-env";
import { toAppError } from "../lib/errors";
import { LEFT_FOR_NEXT_SERVER } from "../lib/jobs/child-process";
import { processStopRequested, requestProcessStop } from "../lib/jobs/runtime";
import { loadJobKind } from "../lib/startup/job-kinds";

// The server went away (killed, restarted) or is being stopped (Ctrl+C reaches the whole process
// group, SIGTERM from a service manager): stop at the next checkpoint and leave the job to the next
// server, which resumes it.
process.on("disconnect", () => requestProcessStop());
process.on("SIGINT", () => requestProcessStop());
process.on("SIGTERM", () => requestProcessStop());

const [kind, id] = process.argv.slice(2);
const ownerAt = process.argv.indexOf("--owner");
const owner = ownerAt > 0 ? process.argv[ownerAt + 1] : undefined;
const spec = kind ? await loadJobKind(kind) : undefined;
if (!spec || !id || !owner) {
  console.error("usage: job-runner.ts <kind: ingest|eval|…> <id> --owner <owner>");
  process.exit(2);
}

try {
  const ended = await spec.execute(id, owner);
  process.exit(ended ? 0 : processStopRequested() ? LEFT_FOR_NEXT_SERVER : 3);
} catch (error) {
  const appError = toAppError(error);
  console.error(`[jobs] ${kind} ${id}: ${appError.message}`, appError.cause ?? "");
  process.exit(1);
}
