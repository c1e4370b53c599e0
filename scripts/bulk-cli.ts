import { lowerOwnPriority } from "../lib/jobs/bulk-priority";
import { requestProcessStop } from "../lib/jobs/runtime";

/**
 * Start-up shared by the bulk CLIs (ingest, enrich): below the server's CPU priority, and Ctrl+C
 * twice — the first stops the job at its next safe point and leaves it resumable, the second leaves
 * at once.
 */
export function startBulkCli(): void {
  lowerOwnPriority();
  let interrupts = 0;
  process.on("SIGINT", () => {
    if (++interrupts > 1) process.exit(130);
    process.stderr.write("\n중단하는 중… (한 번 더 누르면 바로 끝냅니다)\n");
    requestProcessStop();
  });
}
