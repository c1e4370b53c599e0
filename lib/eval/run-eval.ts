import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AppError, toAppError } from "../errors";
import { yieldIfBusy } from "../jobs/time-slice";
import { splitCitations } from "../rag/citations";
import { type PipelineDeps, runPipeline } from "../rag/pipeline";
import { checkSupport } from "../rag/support/check";
import type { IndexState, VectorStore } from "../store/types";
import type { BenchmarkItem } from "./benchmark";
import { type Citations, citationsOf, type SupportCounts, supportCountsOf } from "./citation-metrics";
import { type Fingerprint, type FingerprintContext, fingerprintOf, itemCacheKey } from "./fingerprint";
import { PROMPTS } from "./prompt-templates";
import { type StrategyOutcome, strategyOutcome } from "./strategy-outcome";
import { type Component, depsFor, type SystemSpec, skipReason } from "./systems";
import { extractYesNo } from "./yes-no";

export interface ItemResult {
  system: string;
  itemId: string;
  /** The final top-k chunks' case numbers, best first (empty for LLM only). */
  ranked: { caseNo: string; chunkId: string; score: number }[];
  answer?: string;
  predicted?: "yes" | "no" | null;
  /** The answer's citations checked against the passages it was written from. */
  citations?: Citations;
  /** Its cited sentences and how many a cited decision supports (the support check, lexical). */
  support?: SupportCounts;
  ms: number;
  /** All LLM tokens of the item, and the answer's share with the time it took. */
  tokens: number;
  answerTokens?: number;
  answerMs?: number;
  /** The queries the models wrote (RAR), to read what a run searched for. */
  queries?: { analytical?: string; rationale?: string };
  /** What the run actually used (a query step that failed, a reranker that was not there). */
  used?: {
    analytical: boolean;
    rationale: boolean;
    dense: boolean;
    reranked: boolean;
    notices: string[];
    /** Stages whose model call the replay file did not cover (a partial simple-format file). */
    replayGaps?: string[];
  };
  /** The strategy's own steps: a query step that fell back; CC-RAG's retries and verdict. */
  strategy?: StrategyOutcome;
  /** The indexes it was searched in, as they stood before it ran (see IndexStates). */
  index?: IndexStates;
  /** Read from the cache rather than run (not stored in the cache itself). */
  fromCache?: boolean;
  error?: string;
}

export interface EvalRun {
  results: ItemResult[];
  skipped: { system: string; reason: string }[];
  /** Per system and item kind, what its results depend on (see fingerprint.ts). */
  fingerprints?: Record<string, Partial<Record<BenchmarkItem["kind"], Fingerprint>>>;
}

/**
 * The indexes a run searches, by name ("main", "context", "atoms"), each brought up to date with
 * every write committed so far (syncIndex) before an item runs. A cache entry records them: a
 * result is kept only when every search it made was answered from a complete index (no partial
 * answer counted meanwhile), and an entry without them (written before they were recorded, maybe
 * on an index that was still loading) is run again.
 */
export type IndexStates = Record<string, IndexState>;

/** Each store brought up to date (a store that cannot say, such as Qdrant, by its kind alone). */
export async function syncStores(stores: Record<string, VectorStore>): Promise<IndexStates> {
  const states = await Promise.all(
    Object.entries(stores).map(async ([name, store]) => [name, (await store.syncIndex?.()) ?? { kind: store.kind }]),
  );
  return Object.fromEntries(states);
}

/** Whether a result computed between the two states saw complete indexes only. */
function completeBetween(before: IndexStates, after: IndexStates): boolean {
  return Object.entries(before).every(([name, state]) => {
    const later = after[name];
    const caughtUp = state.cursor === undefined || state.cursor >= (state.head ?? 0);
    return caughtUp && later !== undefined && later.partialAnswers === state.partialAnswers;
  });
}

/** A cache entry, unless it lacks the index states it was computed on. */
function readCached(path: string): ItemResult | undefined {
  if (!existsSync(path)) return undefined;
  const entry = JSON.parse(readFileSync(path, "utf8")) as ItemResult;
  return entry.index ? entry : undefined;
}

async function runItem(system: SystemSpec, item: BenchmarkItem, deps: PipelineDeps): Promise<ItemResult> {
  const started = performance.now();
  const wantsAnswer = item.kind === "yesno";
  if (system.kind === "llm-only") {
    if (!wantsAnswer) return { system: system.id, itemId: item.id, ranked: [], ms: 0, tokens: 0 };
    if (!deps.stream) throw new AppError("ai:not_configured");
    // Asked exactly as the RAG systems are (same question line and yes/no note), without passages.
    const call = deps.stream({
      role: "answer",
      ...PROMPTS.llmOnlyPrompt(item.question, PROMPTS.yesNoNote),
      temperature: 0,
    });
    let answer = "";
    for await (const delta of call.deltas) answer += delta;
    const usage = await call.usage;
    const ms = performance.now() - started;
    const tokens = (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);
    return {
      system: system.id,
      itemId: item.id,
      ranked: [],
      answer,
      predicted: extractYesNo(answer, item.question),
      citations: citationsOf(answer, []),
      // Nothing was retrieved: every cited sentence stands on nothing the lawyer can check.
      support: supportCountsOf(await checkSupport(splitCitations(answer, []), [])),
      ms,
      tokens,
      answerTokens: tokens,
      answerMs: ms,
    };
  }
  const result = await runPipeline(item.question, depsFor(system, deps), {
    mode: "hybrid",
    ...system.options,
    answer: wantsAnswer,
    answerNote: wantsAnswer ? PROMPTS.yesNoNote : undefined,
  });
  const { trace } = result;
  const answerTiming = trace.timings.find((t) => t.stage === "llm:answer");
  const ranked = result.context.map(({ chunk, score }) => ({ caseNo: chunk.caseNo, chunkId: chunk.id, score }));
  return {
    system: system.id,
    itemId: item.id,
    ranked,
    answer: wantsAnswer ? result.answer : undefined,
    predicted: wantsAnswer ? extractYesNo(result.answer, item.question) : undefined,
    citations: wantsAnswer
      ? citationsOf(
          result.answer,
          ranked.map((r) => r.caseNo),
        )
      : undefined,
    support: wantsAnswer ? supportCountsOf(await checkSupport(result.parts, result.context)) : undefined,
    ms: performance.now() - started,
    tokens: trace.tokens ?? 0,
    answerTokens: wantsAnswer ? (trace.answerTokens ?? 0) : undefined,
    answerMs: answerTiming ? answerTiming.endMs - answerTiming.startMs : undefined,
    queries:
      trace.queries.analytical || trace.queries.rationale
        ? { analytical: trace.queries.analytical, rationale: trace.queries.rationale }
        : undefined,
    used: {
      analytical: Boolean(trace.queries.analytical),
      rationale: Boolean(trace.queries.rationale),
      dense: Boolean(deps.embed && system.dense) && !trace.notices.some((n) => n.code.startsWith("embeddings_")),
      reranked: trace.reranked,
      notices: trace.notices.map((n) => n.code),
      ...(trace.replayGaps?.length ? { replayGaps: trace.replayGaps } : {}),
    },
    strategy: strategyOutcome(trace),
  };
}

/**
 * Runs every (system, item) pair with bounded concurrency. Results are cached per pair on disk
 * under the hash of the pair's fingerprint (everything that changes the result), so an interrupted
 * run resumes where it stopped and a changed model, setting, prompt or index never reuses an old
 * result. A pair that fails twice is recorded with its error (and not cached).
 */
export async function runEvaluation(input: {
  items: BenchmarkItem[];
  systems: SystemSpec[];
  deps: PipelineDeps;
  available: Record<Component, boolean>;
  cacheDir?: string;
  /** Required with cacheDir: the cache is keyed by it. */
  fingerprint?: Omit<FingerprintContext, "available" | "settings">;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called before each pair: gives the event loop its turn; throws to stop the run (cancel). */
  checkpoint?: () => Promise<void>;
  /** Brings the searched indexes up to date and says what they reflect (default: deps.store's). */
  syncIndexes?: () => Promise<IndexStates>;
}): Promise<EvalRun> {
  if (input.cacheDir && !input.fingerprint) throw new Error("runEvaluation: a cache needs a fingerprint context");
  const ctx = input.fingerprint && { ...input.fingerprint, available: input.available, settings: input.deps.settings };
  const skipped: EvalRun["skipped"] = [];
  const runnable = input.systems.filter((s) => {
    const reason = skipReason(s, input.available);
    if (reason) skipped.push({ system: s.id, reason });
    return !reason;
  });
  const fingerprints: NonNullable<EvalRun["fingerprints"]> = {};
  const kinds = [...new Set(input.items.map((i) => i.kind))];
  if (ctx) {
    for (const s of runnable) fingerprints[s.id] = Object.fromEntries(kinds.map((k) => [k, fingerprintOf(s, k, ctx)]));
  }
  const syncIndexes = input.syncIndexes ?? (() => syncStores({ main: input.deps.store }));
  const tasks = runnable.flatMap((system) => input.items.map((item) => ({ system, item })));
  const results: ItemResult[] = new Array(tasks.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < tasks.length; i = next++) {
      await (input.checkpoint ?? yieldIfBusy)();
      const { system, item } = tasks[i] as (typeof tasks)[number];
      const fp = fingerprints[system.id]?.[item.kind];
      const path = input.cacheDir && fp ? join(input.cacheDir, system.id, `${itemCacheKey(fp, item)}.json`) : undefined;
      const cached = path ? readCached(path) : undefined;
      if (cached) {
        // The verdict is read again: a change to the reader (yes-no.ts) re-scores a cached answer.
        const predicted =
          item.kind === "yesno" && cached.answer !== undefined
            ? extractYesNo(cached.answer, item.question)
            : cached.predicted;
        results[i] = { ...cached, predicted, fromCache: true };
      } else {
        let result: ItemResult | undefined;
        let complete = false;
        for (let attempt = 0; attempt < 2 && !result; attempt++) {
          try {
            const index = await syncIndexes();
            result = { ...(await runItem(system, item, input.deps)), index };
            complete = completeBetween(index, await syncIndexes());
          } catch (error) {
            const appError = toAppError(error);
            // A missing recorded reply will be missing again: no second attempt.
            if (attempt === 1 || appError.code === "ai:replay_missing") {
              result = {
                system: system.id,
                itemId: item.id,
                ranked: [],
                ms: 0,
                tokens: 0,
                error: appError.userMessage,
              };
            }
          }
        }
        results[i] = result as ItemResult;
        if (path && complete && !result?.error) {
          mkdirSync(join(input.cacheDir as string, system.id), { recursive: true });
          writeFileSync(path, JSON.stringify(result));
        }
      }
      done += 1;
      input.onProgress?.(done, tasks.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, input.concurrency ?? 2) }, worker));
  return { results, skipped, fingerprints: ctx ? fingerprints : undefined };
}
