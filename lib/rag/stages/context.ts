import type { ChatRole } from "../../ai/config";
import { AppError, toAppError } from "../../errors";
import type { SearchOptions, StoreFilter, VectorStore } from "../../store/types";
import type { ScoredChunk } from "../../text/decision";
import type { BeforeAnswerFn } from "../decline";
import type { RerankFn } from "../rerank-stage";
import type { PipelineSettings } from "../settings";
import type { StrategyId, StrategyStep } from "../strategies/steps";
import { upsertStep } from "../strategies/steps";
import type { PipelineEvent, PipelineTrace, QueryKind } from "../types";

export type StreamFn = (request: {
  role: ChatRole;
  system: string;
  prompt: string;
  temperature: number;
  signal?: AbortSignal;
  /** Ask the endpoint for token log-probs (CC-RAG); an implementation that cannot ignores it. */
  logprobs?: boolean;
}) => {
  deltas: AsyncIterable<string>;
  usage?: Promise<{ inputTokens: number; outputTokens: number }>;
  /** Resolves once the stream ends: one log-prob per token, or undefined when none came back. */
  logprobs?: Promise<number[] | undefined>;
};

export interface PipelineDeps {
  store: VectorStore;
  /** The atomic-question tag index (lib/enrich/side-stores.ts); absent: the `atomic` strategy has none. */
  atoms?: VectorStore;
  settings: PipelineSettings;
  filter?: StoreFilter;
  /** Absent: no LLM configured → retrieval-only answer, original query only. */
  stream?: StreamFn;
  /** Absent: no embeddings → BM25-only hybrid. */
  embed?: (text: string) => Promise<number[]>;
  /** Absent: no reranker → RRF order. */
  rerank?: RerankFn;
  signal?: AbortSignal;
  /** Said before anything else (e.g. a component left out because it just failed). */
  notices?: { code: string; message: string }[];
  /**
   * The answer's overall deadline (chat). When it fires, model calls are cut — a query not yet
   * written is left out, an answer being written ends where it is, one not begun becomes the
   * retrieval-only answer — and `notice` is said once. Retrieval and reranking go on.
   */
  deadline?: { signal: AbortSignal; notice: string };
  /**
   * Just before any strategy's answer is written (the answer stage): may decline it (thin evidence)
   * and name overruled decisions for the prompt (lib/rag/decline.ts).
   */
  beforeAnswer?: BeforeAnswerFn;
}

export interface PipelineOptions {
  /** The strategy (lib/rag/strategies): "rar" three queries; "hybrid" the original question only; … */
  mode: StrategyId;
  /** Retrieve each query as soon as it exists, and write the rationale while the analytical query is searched. */
  overlap?: boolean;
  chainOfThought?: boolean;
  /** Give the judge the analyst's query (contextual scaffolding). */
  scaffolding?: boolean;
  /** CC-RAG ablations: answer once without the confidence loop; a fixed k (k_max) instead of the dynamic one. */
  selfAssessment?: boolean;
  dynamicK?: boolean;
  /** false: stop after reranking (retrieval-only evaluation spends no tokens on answers). */
  answer?: boolean;
  /** Appended to the question in the answer prompt only (e.g. "answer yes or no first"). */
  answerNote?: string;
  /**
   * "다시 시도" of an answer the model left unfinished (issue 24): no search, no reranking — the
   * stored passages of that answer are the context, and only the answer is written again. The
   * earlier trace's queries and lists are kept, so the evidence panel still shows how they were found.
   */
  reuse?: { context: ScoredChunk[]; trace?: PipelineTrace };
  /**
   * Receives the trace the moment the run starts; it fills in as stages finish, so a caller can
   * keep what was found when the run is stopped or fails midway.
   */
  onTrace?: (trace: PipelineTrace) => void;
}

/**
 * Failures no stage may paper over: the caller stopped, or a replayed run met a call the file has no
 * reply for (degrading to BM25 or to the RRF order would silently measure something else).
 */
export const isFatal = (error: unknown) => {
  const code = toAppError(error).code;
  return code === "ai:aborted" || code === "ai:replay_missing";
};

export const compact = (list: ScoredChunk[]) =>
  list.map(({ chunk, score }) => ({ id: chunk.id, caseNo: chunk.caseNo, score }));

/** What every stage of one run shares: the question, the components, the trace and the event sink. */
export interface RunContext {
  question: string;
  deps: PipelineDeps;
  options: PipelineOptions;
  settings: PipelineSettings;
  signal?: AbortSignal;
  /** What model calls listen to: the lawyer's Stop and the answer deadline. */
  llmSignal?: AbortSignal;
  /** The deadline (not the lawyer) cut the model calls. */
  cut(): boolean;
  /** The run is over: stop listening to the deadline. */
  dispose(): void;
  trace: PipelineTrace;
  /** ms since the run started. */
  at(): number;
  send(event: PipelineEvent): void;
  /** One notice per code: three queries meeting the same dead server say it once. */
  notice(code: string, message: string): void;
  /** A strategy step, kept in the trace (by key) and sent. */
  step(step: StrategyStep): void;
  timed<T>(stage: string, work: () => Promise<T>): Promise<T>;
  countTokens(usage: Promise<{ inputTokens: number; outputTokens: number }> | undefined): Promise<number>;
  checkAbort(): void;
  /** What every search of the run passes to the store: the filter, and the incomplete-index report. */
  scope: Omit<SearchOptions, "topN">;
  /** The embeddings endpoint failed once in this run: later queries go BM25-only without asking again. */
  embedFailed: boolean;
  /** Each query's raw BM25 scores, best first (CC-RAG reads the question's to judge its difficulty). */
  bm25: Partial<Record<QueryKind, number[]>>;
  /** Each query as it was searched (text, vector), so CC-RAG can search it again with a larger k. */
  searched: Partial<Record<QueryKind, SearchedQuery>>;
}

export interface SearchedQuery {
  text: string;
  vector?: number[];
  denseOnly?: boolean;
}

/** Said once on an answer whose searches met an index still catching up with recent imports. */
export const INDEX_INCOMPLETE_NOTICE =
  "판례 색인을 최신으로 맞추는 중이라 최근 가져온 판례 일부가 검색에서 빠졌을 수 있습니다.";

/** A corpus set to contextual search was searched without it (its contextual index is not current). */
export const CONTEXT_FALLBACK_NOTICE =
  "맥락 검색을 쓰도록 설정된 말뭉치의 맥락 색인이 최신이 아니어서, 이번 검색은 일반 색인으로 했습니다. 관리자가 맥락 보강을 다시 돌리면 맥락 검색으로 돌아갑니다.";

export function createRunContext(
  question: string,
  deps: PipelineDeps,
  options: PipelineOptions,
  emit: (event: PipelineEvent) => void,
): RunContext {
  const t0 = performance.now();
  const at = () => performance.now() - t0;
  const trace: PipelineTrace = {
    question,
    queries: { original: question },
    lists: {},
    fused: [],
    reranked: false,
    notices: [],
    timings: [],
    totalMs: 0,
    llmMs: 0,
  };
  const send = (event: PipelineEvent) => {
    trace.firstVisibleMs ??= at();
    emit(event);
  };
  const { signal, deadline } = deps;
  const llmSignal = deadline && signal ? AbortSignal.any([signal, deadline.signal]) : (deadline?.signal ?? signal);
  const onDeadline = () => ctx.notice("answer_deadline", deadline?.notice ?? "");
  const ctx: RunContext = {
    question,
    deps,
    options,
    settings: deps.settings,
    signal,
    llmSignal,
    cut: () => deadline?.signal.aborted === true && !signal?.aborted,
    dispose: () => deadline?.signal.removeEventListener("abort", onDeadline),
    trace,
    at,
    send,
    scope: {
      filter: deps.filter,
      onIncomplete() {
        trace.indexIncomplete = true;
        ctx.notice("index_incomplete", INDEX_INCOMPLETE_NOTICE);
      },
      onContextFallback() {
        ctx.notice("context_fallback", CONTEXT_FALLBACK_NOTICE);
      },
    },
    embedFailed: false,
    bm25: {},
    searched: {},
    notice(code, message) {
      if (trace.notices.some((n) => n.code === code)) return;
      trace.notices.push({ code, message });
      send({ type: "notice", code, message });
    },
    step(live) {
      // A snapshot: a strategy may send the same step object again after changing it, and the
      // stream to the browser dedupes objects it already sent by reference (it would show the old one).
      const step = structuredClone(live);
      if (trace.strategy) trace.strategy.steps = upsertStep(trace.strategy.steps, step);
      send({ type: "strategy-step", step });
    },
    async timed(stage, work) {
      const startMs = at();
      try {
        return await work();
      } catch (error) {
        if (toAppError(error).code === "ai:replay_not_covered" && !trace.replayGaps?.includes(stage)) {
          trace.replayGaps = [...(trace.replayGaps ?? []), stage];
        }
        throw error;
      } finally {
        trace.timings.push({ stage, startMs, endMs: at() });
        if (stage.startsWith("llm:")) trace.llmMs += at() - startMs;
      }
    },
    async countTokens(usage) {
      const u = await usage;
      if (!u) return 0;
      const n = u.inputTokens + u.outputTokens;
      trace.tokens = (trace.tokens ?? 0) + n;
      return n;
    },
    checkAbort() {
      if (deps.signal?.aborted) throw new AppError("ai:aborted");
    },
  };
  options.onTrace?.(trace);
  if (deadline?.signal.aborted) onDeadline();
  else deadline?.signal.addEventListener("abort", onDeadline, { once: true });
  return ctx;
}
