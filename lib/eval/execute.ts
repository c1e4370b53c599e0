import { streamChat } from "../ai/chat";
import { streamChatScored } from "../ai/chat-logprobs";
import {
  type AiConfig,
  aiConfigFrom,
  configuredComponents,
  modelCallsFromSettings,
  withModelCalls,
} from "../ai/config";
import { embedTexts } from "../ai/embed";
import { recordCalls, replayCalls } from "../ai/model-calls/modes";
import { rerank } from "../ai/rerank";
import { chatBeforeAnswer } from "../chat/answer-gate";
import { corpusIndexVersion, getCorpus } from "../db/corpora";
import { contextualStore } from "../enrich/contextual-store";
import { enrichmentState } from "../enrich/eval-state";
import { getSideStore } from "../enrich/side-stores";
import { env } from "../env";
import { AppError } from "../errors";
import { assertSearchable } from "../rag/index-version";
import type { PipelineDeps } from "../rag/pipeline";
import { pipelineSettingsFromEnv } from "../rag/strategies/settings-from-env";
import { getStore } from "../store";
import type { VectorStore } from "../store/types";
import type { BenchmarkItem } from "./benchmark";
import { assertContextualIndex } from "./contextual-check";
import { type EvalRun, runEvaluation, syncStores } from "./run-eval";
import { type SystemSpec, skipReason } from "./systems";
import { writeReport } from "./write-report";

/**
 * The pipeline's components for an evaluation: straight to the configured (or recorded) models,
 * with their configured timeouts. Not the chat's deps: a component that failed a lawyer's question
 * a moment ago must not be left out of a whole evaluation, and an item that degrades says so in its
 * result (`used`), where the report counts it.
 */
export async function evalPipelineDeps(config: AiConfig): Promise<PipelineDeps> {
  const { chat, embeddings, rerank: reranker } = config;
  return {
    store: contextualStore(await getStore(), () => getSideStore("context")),
    atoms: getSideStore("atoms"),
    settings: pipelineSettingsFromEnv(),
    stream: chat
      ? (request) =>
          request.logprobs ? streamChatScored({ ...request, config: chat }) : streamChat({ ...request, config: chat })
      : undefined,
    embed: embeddings ? async (text) => (await embedTexts([text], { config: embeddings }))[0] ?? [] : undefined,
    rerank: reranker ? (query, docs, topN) => rerank(query, docs, { topN, config: reranker }) : undefined,
  };
}

export interface EvaluationInput {
  corpusId: string;
  items: BenchmarkItem[];
  systems: SystemSpec[];
  outDir: string;
  title: string;
  /** Model calls: answered from a file (never the network), or recorded to one; else MODEL_CALLS_* settings. */
  replay?: string;
  record?: string;
  cacheDir?: string;
  baseline?: string;
  concurrency?: number;
  resamples?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  /** Between pairs: gives the event loop its turn; throws to stop the run (a cancelled job). */
  checkpoint?: () => Promise<void>;
  /** Aborts model calls in flight when the job must stop. */
  signal?: AbortSignal;
}

/** One evaluation from the benchmark to the written report (the CLI and /admin/eval both run this). */
export async function executeEvaluation(input: EvaluationInput) {
  const corpus = await getCorpus(input.corpusId);
  if (!corpus) throw new AppError("not_found:resource", { userMessage: "말뭉치를 찾을 수 없습니다." });
  assertSearchable([corpus]);
  const settings = env();
  const calls = input.replay
    ? replayCalls(input.replay)
    : input.record
      ? recordCalls(input.record)
      : modelCallsFromSettings(settings);
  const config = withModelCalls(aiConfigFrom(settings), calls, settings);
  const base = await evalPipelineDeps(config);
  const answerGate = { minRerankScore: settings.DECLINE_MIN_RERANK_SCORE };
  const deps = {
    ...base,
    filter: { corpusIds: [corpus.id] },
    signal: input.signal,
    // Answers are written as the chat writes them: overrulings told to the model, thin evidence declined.
    beforeAnswer: chatBeforeAnswer({
      store: base.store,
      minRerankScore: answerGate.minRerankScore,
      onSignals: () => {},
    }),
  };
  const enrichment = await enrichmentState(corpus.id, deps.store);
  const available = configuredComponents(config);
  // A contextual system that would run must find the corpus's contextual index whole and current.
  assertContextualIndex(
    corpus.name,
    input.systems.filter((s) => !skipReason(s, available)),
    enrichment.context,
  );
  // The indexes its searches read, each brought up to date before every item (an import by the CLI
  // a moment ago included) and recorded with its cached result.
  const indexes: Record<string, VectorStore> = { main: await getStore() };
  if (enrichment.context.ready) indexes.context = getSideStore("context");
  if (enrichment.atoms.done > 0) indexes.atoms = getSideStore("atoms");
  const run: EvalRun = await runEvaluation({
    items: input.items,
    systems: input.systems,
    deps,
    available,
    cacheDir: input.cacheDir,
    fingerprint: {
      config,
      corpus: await corpusIndexVersion(corpus.id),
      enrichment,
      answerGate,
    },
    syncIndexes: () => syncStores(indexes),
    concurrency: input.concurrency,
    onProgress: input.onProgress,
    checkpoint: input.checkpoint,
  });
  const baseline = input.baseline ?? (input.systems.some((s) => s.id === "sparse") ? "sparse" : input.systems[0]?.id);
  const report = writeReport(input.outDir, input.title, input.items, run, input.systems, {
    baseline,
    resamples: input.resamples,
    seed: input.seed,
    calls: calls?.toJSON(),
  });
  return { ...report, run, calls: calls?.toJSON() };
}
