import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import { isStale, staleBefore } from "../db/job-liveness";
import { env } from "../env";
import { logError } from "../errors";
import { logger } from "../util/log";
import { serverOwner } from "./child-process";
import { type JobKind, jobKinds, type QueuedRow } from "./registry";

/**
 * PostgreSQL deployments queue jobs in pg-boss (tables in the `pgboss` schema of the app's
 * database). pg-boss hands each queue job to exactly one worker (SELECT … FOR UPDATE SKIP LOCKED)
 * on whichever instance polls first, and retries a failed one (another instance may take it).
 * The job row (lib/db) stays the truth about the run: its progress, its owner and heartbeat, and
 * `queueJobId`, the one queue job allowed to run it (a stale delivery is ignored).
 *
 * pg-boss 10 has no heartbeat of its own (only an expiry, up to 24 h), so a worker's death is seen
 * by the job row's heartbeat, as on SQLite: the stale sweep marks the row interrupted, and then
 * `maintainQueue` fails the dead worker's queue job in pg-boss, which gives it to another worker;
 * that worker resumes the run from its checkpoints (documents already indexed are skipped by hash,
 * finished evaluation pairs come from their cache).
 */

const QUEUE_JOB_OPTIONS = {
  /** A run that died (its process, or its whole instance) is tried again this often, then left interrupted. */
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  /** A backstop only (pg-boss's maximum is under 24 h): liveness comes from the job row's heartbeat. */
  expireInSeconds: 23 * 3600,
};

let started: Promise<PgBoss> | undefined;

/**
 * Instances starting together create the same queues at once; PostgreSQL may pick one of them as a
 * deadlock victim (40P01) or refuse a duplicate (23505). Both mean "someone else is creating it":
 * wait a moment and try again (createQueue does nothing for a queue that exists).
 */
async function createQueueOnce(boss: PgBoss, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name, { name, ...QUEUE_JOB_OPTIONS });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== "40P01" && code !== "23505") || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/** This process's pg-boss client, started (schema installed or migrated, queues created) once. */
export function queue(): Promise<PgBoss> {
  started ??= (async () => {
    const boss = new PgBoss({
      connectionString: env().DATABASE_URL,
      max: 3,
      schedule: false,
      // Expiry and archiving: pg-boss's own upkeep, on every instance (it takes a lock for it).
      supervise: true,
    });
    boss.on("error", logError);
    await boss.start();
    for (const kind of jobKinds()) await createQueueOnce(boss, kind.name);
    return boss;
  })().catch((error) => {
    started = undefined; // the next call tries again instead of keeping a failed start forever
    throw error;
  });
  return started;
}

/** Queues a run of the job: records the queue job's id on the row first, so its delivery is recognised. */
export async function sendToQueue(kind: JobKind, id: string): Promise<string> {
  const queueJobId = randomUUID();
  await kind.setQueueJobId(id, queueJobId);
  const boss = await queue();
  await boss.send(kind.name, { id }, { ...QUEUE_JOB_OPTIONS, id: queueJobId });
  return queueJobId;
}

const unfinished = (row: QueuedRow) =>
  row.status === "interrupted" || (row.status === "running" && row.owner === serverOwner());

/** One delivery of a queue job to this instance's worker. A throw fails it: pg-boss retries it. */
async function deliver(kind: JobKind, queueJobId: string, id: string): Promise<void> {
  let row = await kind.read(id);
  // Deleted, or superseded by a newer run of the same job (resumed from the admin page).
  if (!row || row.queueJobId !== queueJobId) return;
  if (row.status === "running" && isStale(row)) {
    await kind.interrupt(row, "작업하던 인스턴스가 응답하지 않아 다른 인스턴스가 이어서 합니다.");
    row = await kind.read(id);
  }
  if (row?.status === "interrupted") await kind.requeue(id, ["interrupted"]);
  logger("jobs").info(`${kind.name} ${id}: ${serverOwner()}에서 시작 (queue ${queueJobId})`);
  await kind.run(id);
  const after = await kind.read(id);
  if (!after || after.queueJobId !== queueJobId || !unfinished(after)) return;
  // Its process died or this instance is stopping: the run is left interrupted and pg-boss gives
  // the queue job to a worker again (maybe on another instance), which resumes it.
  if (after.status === "running") await kind.interrupt(after, "작업하던 인스턴스가 멈춰 다시 대기열에 넣었습니다.");
  throw new Error(`${kind.name} ${id}: not finished here (${after.status}); pg-boss will retry it`);
}

const workers: string[] = [];

/** Starts one worker per job kind on this instance: one job of a kind at a time, as on SQLite. */
export async function startQueueWorkers(): Promise<void> {
  if (workers.length > 0) return;
  const boss = await queue();
  for (const kind of jobKinds()) {
    const workerId = await boss.work<{ id: string }>(
      kind.name,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await deliver(kind, job.id, job.data.id);
      },
    );
    workers.push(workerId);
  }
}

/**
 * Run every JOB_HEARTBEAT_SECONDS on every instance, after the stale sweep. For each job waiting
 * on the queue: an interrupted run whose queue job is still held by a worker that stopped (it was
 * taken before the stale limit) is failed in pg-boss, which retries it elsewhere; a queued job
 * whose queue job never reached pg-boss (the send failed) is sent again.
 */
export async function maintainQueue(now = Date.now()): Promise<number> {
  const boss = await queue();
  const cutoff = staleBefore(now);
  let acted = 0;
  for (const kind of jobKinds()) {
    for (const row of await kind.listOpen()) {
      if (!row.queueJobId) {
        // Queued for the queue but its id was never recorded (the database failed mid-send).
        if (row.status === "queued" && !row.owner && row.updatedAt < cutoff) {
          await sendToQueue(kind, row.id);
          acted += 1;
        }
        continue;
      }
      const job = await boss.getJobById(kind.name, row.queueJobId);
      if (row.status === "interrupted" && job?.state === "active" && job.startedOn < cutoff) {
        await boss.fail(kind.name, row.queueJobId, { message: "worker stopped beating" });
        logger("jobs").warn(`${kind.name} ${row.id}: its worker stopped; queued again for another worker`);
        acted += 1;
      } else if (row.status === "queued" && !job && row.updatedAt < cutoff) {
        await boss.send(kind.name, { id: row.id }, { ...QUEUE_JOB_OPTIONS, id: row.queueJobId });
        acted += 1;
      }
    }
  }
  return acted;
}

/** Stops this instance's workers (a running job's child is told to stop and resumed elsewhere). */
export async function stopQueue(): Promise<void> {
  const boss = started ? await started.catch(() => undefined) : undefined;
  started = undefined;
  workers.length = 0;
  await boss?.stop({ graceful: true, wait: true, timeout: 15_000 }).catch(logError);
}
