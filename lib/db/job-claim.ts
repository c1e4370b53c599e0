/**
 * The clauses of taking, giving back and listing a job that the ingestion and enrichment jobs
 * (jobs.ts) and the evaluation jobs (eval-jobs.ts) share: two tables, one life cycle, so that a
 * change to who may claim a job or what a requeue clears reaches both.
 */

/** Rows `owner` may claim: queued and free (or already its own), interrupted (a resume), or running under it. */
export function claimableBy(owner: string) {
  return [
    { status: "queued", OR: [{ owner: null }, { owner }] },
    { status: "interrupted" },
    { status: "running", owner },
  ];
}

/** The claim's write: running under `owner`, beating from now; a resumed job keeps its first start. */
export function claimedBy(owner: string, startedAt: Date | null) {
  const now = new Date();
  return { status: "running", owner, heartbeatAt: now, startedAt: startedAt ?? now, message: null };
}

/** Back in the queue: no owner, no heartbeat, no cancel pending, no message of its last run. */
export function requeued() {
  return { status: "queued", owner: null, heartbeatAt: null, cancelRequested: false, message: null };
}

/** PostgreSQL: a job its queue (pg-boss) may still carry: not ended, and touched within a day. */
export function queueOpen() {
  return { status: { in: ["queued", "running", "interrupted"] }, updatedAt: { gt: new Date(Date.now() - 86_400_000) } };
}
