import type { EnrichKind } from "../ai/prompts/enrich";
import {
  type ChunkState,
  dropChunkStates,
  listEnrichDocuments,
  loadChunkStates,
  saveChunkStates,
  setCorpusEnrichment,
} from "../db/corpus-enrichment";
import {
  type CacheEntry,
  type ChunkFailure,
  type EnrichmentCounts,
  type EnrichmentJobRecord,
  recordCall,
  updateEnrichmentJob,
} from "../db/enrichment";
import { getJob, type JobRecord, updateOwnedJob } from "../db/jobs";
import { AppError, toAppError } from "../errors";
import { type JobRuntime, JobStopped } from "../jobs/runtime";
import { yieldIfBusy } from "../jobs/time-slice";
import type { Chunk } from "../text/decision";
import { logger } from "../util/log";
import { runBatchPhase } from "./batch";
import { callCost, type TokenUsage } from "./cost";
import { type DocWork, resolveFromCache, writtenStates } from "./doc-work";
import { writeDocument } from "./index-doc";
import type { EnrichJobContext } from "./job-context";
import type { EnrichLlm } from "./llm";
import { parseOutput } from "./parse-output";
import { type DocPlan, messagesFor, planDocument } from "./plan";
import { BackOffGate, runPool } from "./pool";
import { runSummary } from "./run-summary";

/**
 * One run of an enrichment job (run-enrich-job.ts starts and ends it): the pass over the corpus,
 * the batch phase, the retry pass, each decision written to the side index, and the progress saved.
 */

const PERSIST_EVERY_MS = 500;

interface Task {
  plan: DocPlan;
  chunk: Chunk;
  key: string;
}

export class EnrichRun {
  readonly kind: EnrichKind;
  readonly corpusId: string;
  readonly counts: EnrichmentCounts;
  readonly failures = new Map<string, ChunkFailure>();
  private states = new Map<string, ChunkState>();
  private statesByCase = new Map<string, string[]>();
  private readonly gate: BackOffGate;
  private lastPersist = 0;
  private consecutiveFailures = 0;
  private writing: Promise<void> = Promise.resolve();
  private writeError: unknown;
  /** The retry pass does not trip the breaker: its chunks are the ones known to fail. */
  private retrying = false;
  /** Chunks whose call failed in this pass and may be tried again. */
  private retry: { work: DocWork; chunk: Chunk; key: string }[] = [];
  /** Batch mode: why a chunk has no result (its batch line's error), by cache key. */
  private batchErrors = new Map<string, string>();

  constructor(
    readonly jobId: string,
    readonly owner: string,
    readonly job: JobRecord,
    readonly row: EnrichmentJobRecord,
    readonly ctx: EnrichJobContext,
    readonly runtime: JobRuntime,
  ) {
    this.kind = row.kind;
    this.corpusId = row.corpusId;
    // Money and model work add up over every run of the job; progress is counted again each run.
    this.counts = { ...row, done: 0, failed: 0, indexed: 0 };
    for (const f of row.failures) this.failures.set(f.chunkId, f);
    this.gate = ctx.gate ?? new BackOffGate();
  }

  async execute(): Promise<void> {
    if (!this.ctx.llm) {
      throw new AppError("ai:not_configured", {
        userMessage: "언어 모델(LLM_BASE_URL, ENRICH_MODEL 또는 LLM_MODEL)이 설정되어 있지 않아 보강할 수 없습니다.",
      });
    }
    const docs = await listEnrichDocuments(this.corpusId);
    this.states = await loadChunkStates(this.corpusId, this.kind);
    for (const s of this.states.values()) {
      const list = this.statesByCase.get(s.caseNo) ?? [];
      list.push(s.chunkId);
      this.statesByCase.set(s.caseNo, list);
    }
    await updateEnrichmentJob(this.jobId, { runStartedAt: new Date(), runGeneratedStart: this.row.generated });
    this.counts.total = this.row.retryOnly
      ? [...this.states.values()].filter((s) => s.status === "failed").length
      : docs.reduce((n, d) => n + d.chunkCount, 0);
    await this.persist(true);

    const live = this.row.mode === "live" || !this.ctx.batch;
    if (!live && this.ctx.batch) {
      this.batchErrors = await runBatchPhase(this.ctx.batch, {
        row: this.row,
        docs,
        plan: (doc) => this.plan(doc),
        checkpoint: () => this.runtime.checkpoint(),
        signal: this.runtime.signal,
        prices: this.ctx.prices,
        record: (usage, entry) => this.record(usage, "batch", entry),
        persist: () => this.persist(true),
      });
    }

    // The main pass: live calls, or (batch mode) the batches' results, all in the cache by now.
    let i = 0;
    const queue: Task[] = [];
    const works = new Map<DocPlan, DocWork>();
    await runPool<Task>({
      concurrency: live ? this.ctx.concurrency : 1,
      before: () => this.beforeCall(),
      next: async () => {
        while (queue.length === 0 && i < docs.length) {
          const plan = await this.plan(docs[i++] as (typeof docs)[number]);
          const work = await this.resolveFromCache(plan);
          if (work.left === 0) this.enqueueWrite(work);
          else {
            works.set(plan, work);
            for (const chunk of plan.pending) {
              if (!work.outputs.has(chunk.id)) queue.push({ plan, chunk, key: plan.keys.get(chunk.id) ?? "" });
            }
          }
          await this.persist();
        }
        return queue.shift();
      },
      work: async (task) => {
        const work = works.get(task.plan) as DocWork;
        const batchError = this.batchErrors.get(task.key);
        // Batch mode: a chunk the batches left without a result (their error is kept); the retry pass asks it live.
        if (!live) await this.fail(work, task.chunk, task.key, batchError ?? "배치 결과에 이 청크가 없습니다");
        else await this.call(work, task.chunk, task.key);
        if (work.left === 0) this.enqueueWrite(work);
      },
    });
    await this.writing;

    // Retry pass: the chunks that failed, once more each (up to maxAttempts), after a pause.
    this.retrying = true;
    for (let attempt = 2; attempt <= this.ctx.maxAttempts && this.retry.length > 0; attempt++) {
      const round = this.retry;
      this.retry = [];
      await this.pause(this.ctx.retryDelayMs ?? 2_000);
      const touched = new Set<DocWork>();
      for (const r of round) {
        r.work.left += 1;
        r.work.failed.delete(r.chunk.id);
        this.counts.failed -= 1;
        touched.add(r.work);
      }
      let k = 0;
      await runPool({
        concurrency: this.ctx.concurrency,
        before: () => this.beforeCall(),
        next: async () => round[k++],
        work: async (r) => {
          await this.call(r.work, r.chunk, r.key);
          if (r.work.left === 0) this.enqueueWrite(r.work);
        },
      });
      await this.writing;
    }
    if (!this.row.retryOnly) {
      const synced =
        this.kind === "context" ? { contextSyncedAt: this.job.startedAt } : { atomsSyncedAt: this.job.startedAt };
      await setCorpusEnrichment(this.corpusId, synced);
    }
  }

  private plan(doc: Parameters<typeof planDocument>[0]): Promise<DocPlan> {
    return planDocument(doc, {
      corpusId: this.corpusId,
      kind: this.kind,
      promptVersion: this.row.promptVersion,
      store: this.ctx.store,
      states: this.states,
      statesByCase: this.statesByCase,
      retryOnly: this.row.retryOnly,
      dataDir: this.ctx.dataDir,
      docMaxChars: this.ctx.docMaxChars,
    });
  }

  /** The decision's settled chunks and those the cache already answers (doc-work.ts): no model call for them. */
  private async resolveFromCache(plan: DocPlan): Promise<DocWork> {
    const { work, cachedPending } = await resolveFromCache(this.kind, plan);
    if (!this.row.retryOnly) this.counts.done += plan.chunks.length - plan.pending.length;
    this.counts.done += cachedPending.length;
    for (const id of cachedPending) this.failures.delete(id);
    return work;
  }

  private async beforeCall(): Promise<void> {
    await this.runtime.checkpoint();
    if (this.writeError !== undefined) throw this.writeError;
    for (let wait = this.gate.waitMs(); wait > 0; wait = this.gate.waitMs()) {
      await this.pause(Math.min(wait, 250));
    }
  }

  /** Waits, looking at the job's stop flags every quarter second. */
  private async pause(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await this.runtime.checkpoint();
      await new Promise((r) => setTimeout(r, Math.min(250, until - Date.now())));
    }
  }

  /** A paid model answer: into the cache (usable ones) and the job's money counters, atomically. */
  private async record(usage: TokenUsage, mode: "live" | "batch", entry?: CacheEntry): Promise<void> {
    const cost = callCost(usage, this.ctx.prices, mode);
    await recordCall(this.jobId, { ...usage, cost }, entry);
    this.counts.inputTokens += usage.inputTokens;
    this.counts.cachedInputTokens += usage.cachedInputTokens;
    this.counts.outputTokens += usage.outputTokens;
    this.counts.cost += cost;
    if (entry) this.counts.generated += 1;
  }

  private async call(work: DocWork, chunk: Chunk, key: string): Promise<void> {
    const llm = this.ctx.llm as EnrichLlm;
    let message: string;
    try {
      const reply = await llm.complete(messagesFor(this.kind, work.plan, chunk), this.runtime.signal);
      const parsed = parseOutput(this.kind, reply.text);
      // Paid for whether or not it is usable.
      if (!parsed.ok) await this.record(reply.usage, "live");
      else {
        const entry: CacheEntry = {
          key,
          kind: this.kind,
          promptVersion: this.row.promptVersion,
          output: JSON.stringify(parsed.output),
          model: llm.model,
          inputTokens: reply.usage.inputTokens,
          outputTokens: reply.usage.outputTokens,
        };
        // Stored the moment it exists: whatever happens next, this chunk is never asked again.
        await this.record(reply.usage, "live", entry);
        work.outputs.set(chunk.id, parsed.output);
        work.left -= 1;
        this.counts.done += 1;
        this.failures.delete(chunk.id);
        this.consecutiveFailures = 0;
        await this.persist();
        return;
      }
      message = parsed.reason;
    } catch (error) {
      if (error instanceof JobStopped || this.runtime.stopReason()) throw error;
      const appError = toAppError(error);
      if (appError.code === "ai:aborted") throw error;
      if (appError.code === "ai:rate_limited") this.gate.backOff();
      message = appError.userMessage;
      // A bug of ours, not a chunk's problem: stop.
      if (appError.code === "internal:unexpected") throw error;
    }
    this.consecutiveFailures += 1;
    await this.fail(work, chunk, key, message);
    if (!this.retrying && this.consecutiveFailures >= (this.ctx.breakerLimit ?? 25)) {
      throw new AppError("ai:upstream_error", {
        userMessage: `모델 호출이 연속 ${this.consecutiveFailures}번 실패해 작업을 멈췄습니다 (마지막 오류: ${message}).`,
      });
    }
  }

  private async fail(work: DocWork, chunk: Chunk, key: string, message: string): Promise<void> {
    const attempts = (this.states.get(chunk.id)?.attempts ?? 0) + 1;
    this.states.set(chunk.id, {
      chunkId: chunk.id,
      caseNo: chunk.caseNo,
      cacheKey: key,
      status: "failed",
      error: message,
      attempts,
      indexed: false,
    });
    work.failed.set(chunk.id, message);
    work.left -= 1;
    this.counts.failed += 1;
    this.failures.set(chunk.id, { chunkId: chunk.id, caseNo: chunk.caseNo, message, attempts });
    this.retry.push({ work, chunk, key });
    await this.persist();
  }

  /** Decisions are written one at a time, in the order they complete (the store prefers few writers). */
  private enqueueWrite(work: DocWork): void {
    this.writing = this.writing.then(() => this.write(work));
    // Handled here (the pool stops at its next task); awaiting `writing` still throws it.
    this.writing.catch((error) => {
      this.writeError ??= error;
    });
  }

  private async write(work: DocWork): Promise<void> {
    const { plan } = work;
    if (plan.pending.length === 0 && plan.stale.length === 0) return;
    await this.runtime.checkpoint();
    const written = await writeDocument(
      this.kind,
      this.corpusId,
      plan.doc.caseNo,
      plan.chunks,
      work.outputs,
      this.ctx.side,
      this.ctx.embedder,
      this.runtime.signal,
    );
    this.counts.indexed += written.written;
    const states = writtenStates(work, this.states);
    for (const state of states) this.states.set(state.chunkId, state);
    await saveChunkStates(this.corpusId, this.kind, states);
    await dropChunkStates(this.corpusId, this.kind, plan.stale);
    await yieldIfBusy();
    await this.persist();
  }

  async persist(force = false): Promise<void> {
    if (!force && Date.now() - this.lastPersist < PERSIST_EVERY_MS) return;
    this.lastPersist = Date.now();
    // The job row must still be ours (a job interrupted or cancelled behind our back is left alone).
    if (!(await updateOwnedJob(this.jobId, this.owner, { failed: this.counts.failed, indexed: this.counts.done }))) {
      this.runtime.lose();
      throw new JobStopped("lost");
    }
    await updateEnrichmentJob(this.jobId, this.progress());
    this.ctx.onProgress?.(this.counts, { ...this.row, ...this.counts, failures: [...this.failures.values()] });
  }

  private progress() {
    const { total, done, failed, indexed } = this.counts;
    return { total, done, failed, indexed, failures: [...this.failures.values()] };
  }

  /** This run's closing line (lib/enrich/run-summary.ts): what it wrote, and what was there before it. */
  summary(): string {
    return runSummary(this.kind, this.counts, this.row.generated);
  }

  async finish(status: "done" | "failed" | "cancelled", message: string | null): Promise<JobRecord> {
    await this.writing.catch(() => undefined);
    try {
      await updateEnrichmentJob(this.jobId, this.progress());
    } catch (error) {
      logger("enrich").error({ err: error }, `job ${this.jobId}: could not save its counts`);
    }
    await updateOwnedJob(this.jobId, this.owner, { status, message, finishedAt: new Date() });
    return (await getJob(this.jobId)) as JobRecord;
  }
}
