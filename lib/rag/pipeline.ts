import type { ChatRole } from "../ai/config";
import { analystPrompt } from "../ai/prompts/analyst";
import { answerPrompt } from "../ai/prompts/answer";
import { extractRationale, judgePrompt } from "../ai/prompts/judge";
import { AppError, toAppError } from "../errors";
import type { ScoredChunk } from "../ingest/types";
import type { StoreFilter, VectorStore } from "../store/types";
import { splitCitations } from "./citations";
import type { BeforeAnswerFn } from "./decline";
import { reciprocalRankFusion } from "./fusion";
import { hybridRetrieve } from "./hybrid-retrieve";
import { type RerankFn, rerankStage } from "./rerank-stage";
import { retrievalOnlyAnswer } from "./retrieval-only-answer";
import type { PipelineSettings } from "./settings";
import type { PipelineEvent, PipelineResult, PipelineTrace, QueryKind } from "./types";

export type StreamFn = (request: {
  role: ChatRole;
  system: string;
  prompt: string;
  temperature: number;
  signal?: AbortSignal;
}) => { deltas: AsyncIterable<string>; usage?: Promise<{ inputTokens: number; outputTokens: number }> };

export interface PipelineDeps {
  store: VectorStore;
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
  /** Just before the answer is written: may decline it (thin evidence) and name overruled decisions (lib/rag/decline.ts). */
  beforeAnswer?: BeforeAnswerFn;
}

export interface PipelineOptions {
  /** "rar": three queries; "hybrid": the original question only (the Hybrid + Reranker baseline). */
  mode: "rar" | "hybrid";
  /** Retrieve each query as soon as it exists, and write the rationale while the analytical query is searched. */
  overlap?: boolean;
  chainOfThought?: boolean;
  /** Give the judge the analyst's query (contextual scaffolding). */
  scaffolding?: boolean;
  /** false: stop after reranking (retrieval-only evaluation spends no tokens on answers). */
  answer?: boolean;
  /** Appended to the question in the answer prompt only (e.g. "answer yes or no first"). */
  answerNote?: string;
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
const isFatal = (error: unknown) => {
  const code = toAppError(error).code;
  return code === "ai:aborted" || code === "ai:replay_missing";
};

const compact = (list: ScoredChunk[]) =>
  list.map(({ chunk, score }) => ({ id: chunk.id, caseNo: chunk.caseNo, score }));

/**
 * The RAR pipeline (METHOD.md §1) with its latency hidden: retrieval for the original question
 * starts at once; the analytical query is searched while the judge writes the rationale; every
 * stage's result is emitted the moment it exists. A failed query-writing step drops that query.
 */
export async function runPipeline(
  question: string,
  deps: PipelineDeps,
  options: PipelineOptions,
  emit: (event: PipelineEvent) => void = () => {},
): Promise<PipelineResult> {
  const { settings, signal } = deps;
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
  options.onTrace?.(trace);
  const send = (event: PipelineEvent) => {
    trace.firstVisibleMs ??= at();
    emit(event);
  };
  // One notice per fault: three queries meeting the same dead embeddings server say it once.
  const notice = (code: string, message: string) => {
    if (trace.notices.some((n) => n.code === code)) return;
    trace.notices.push({ code, message });
    send({ type: "notice", code, message });
  };
  async function timed<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const startMs = at();
    try {
      return await work();
    } finally {
      trace.timings.push({ stage, startMs, endMs: at() });
      if (stage.startsWith("llm:")) trace.llmMs += at() - startMs;
    }
  }
  const countTokens = async (usage: ReturnType<StreamFn>["usage"]) => {
    const u = await usage;
    if (u) trace.tokens = (trace.tokens ?? 0) + u.inputTokens + u.outputTokens;
  };
  const checkAbort = () => {
    if (signal?.aborted) throw new AppError("ai:aborted");
  };
  for (const n of deps.notices ?? []) notice(n.code, n.message);
  // Model calls listen to the lawyer's Stop and to the deadline; `cut` tells the two apart.
  const deadline = deps.deadline;
  const llmSignal = deadline && signal ? AbortSignal.any([signal, deadline.signal]) : (deadline?.signal ?? signal);
  const cut = () => deadline?.signal.aborted === true && !signal?.aborted;
  const onDeadline = () => notice("answer_deadline", deadline?.notice ?? "");
  if (deadline?.signal.aborted) onDeadline();
  else deadline?.signal.addEventListener("abort", onDeadline, { once: true });
  const stopListening = () => deadline?.signal.removeEventListener("abort", onDeadline);

  let embedFailed = false;
  const retrieve = (which: QueryKind, text: string) =>
    timed(`retrieve:${which}`, async () => {
      let vector: number[] | undefined;
      if (deps.embed && !embedFailed) {
        vector = await deps.embed(text).catch((error) => {
          if (isFatal(error)) throw error;
          embedFailed = true;
          notice(
            "embeddings_failed",
            `임베딩 서버 오류로 키워드(BM25) 검색만 사용합니다: ${toAppError(error).userMessage}`,
          );
          return undefined;
        });
      }
      const { fused } = await hybridRetrieve(text, vector, deps.store, settings, deps.filter);
      trace.lists[which] = compact(fused);
      send({ type: "retrieved", which, chunks: fused });
      return fused;
    });

  const write = (role: ChatRole, which: "analytical" | "rationale", prompt: { system: string; prompt: string }) =>
    timed(`llm:${which}`, async () => {
      if (!deps.stream) throw new AppError("ai:not_configured");
      if (cut()) throw new AppError("ai:timeout");
      let text = "";
      const call = deps.stream({ role, ...prompt, temperature: settings.temperature, signal: llmSignal });
      for await (const delta of call.deltas) {
        text += delta;
        send({ type: "query-delta", which, delta });
      }
      await countTokens(call.usage);
      return text.trim();
    });

  const dropOnFailure = (label: string) => (error: unknown) => {
    // Past the deadline the query is simply left out; the deadline's notice says why.
    if (cut()) return undefined;
    const appError = toAppError(error);
    if (isFatal(appError)) throw appError;
    notice(
      `${label}_failed`,
      `${label === "analytical" ? "분석 질의" : "근거 질의"} 작성에 실패해 이 질의 없이 검색합니다: ${appError.userMessage}`,
    );
    return undefined;
  };

  const lists: Promise<ScoredChunk[] | undefined>[] = [];
  if (options.mode === "rar" && deps.stream) {
    const overlap = options.overlap ?? true;
    const analytical = write("analyst", "analytical", analystPrompt(question)).catch(dropOnFailure("analytical"));
    const rationaleText = analytical.then(async (a) => {
      if (a) {
        trace.queries.analytical = a;
        send({ type: "query", which: "analytical", text: a });
      }
      const output = await write(
        "judge",
        "rationale",
        judgePrompt(question, options.scaffolding === false ? undefined : a, {
          chainOfThought: options.chainOfThought,
        }),
      ).catch(dropOnFailure("rationale"));
      if (!output) return undefined;
      trace.judgeOutput = output;
      const passage = extractRationale(output);
      trace.queries.rationale = passage;
      send({ type: "query", which: "rationale", text: passage });
      return passage;
    });
    if (overlap) {
      lists.push(retrieve("original", question));
      lists.push(analytical.then((a) => (a ? retrieve("analytical", a) : undefined)));
      lists.push(rationaleText.then((r) => (r ? retrieve("rationale", r) : undefined)));
    } else {
      // The paper's order: both LLM calls first, then the three searches one after another.
      const [a, r] = [await analytical, await rationaleText];
      lists.push(Promise.resolve(await retrieve("original", question)));
      lists.push(Promise.resolve(a ? await retrieve("analytical", a) : undefined));
      lists.push(Promise.resolve(r ? await retrieve("rationale", r) : undefined));
    }
  } else {
    if (options.mode === "rar") notice("llm_missing", "언어 모델이 없어 원래 질문으로만 검색합니다.");
    lists.push(retrieve("original", question));
  }

  const available = (await Promise.all(lists)).filter((l): l is ScoredChunk[] => Array.isArray(l));
  checkAbort();
  const fused = reciprocalRankFusion(
    available.map((list) => ({ list })),
    settings.rrfK,
    settings.topM,
  );
  trace.fused = compact(fused);
  send({ type: "fused", chunks: fused });

  const { chunks: context, reranked } = await timed("rerank", () =>
    rerankStage(question, fused, settings.topK, deps.rerank).catch((error) => {
      if (isFatal(error)) throw error;
      notice("rerank_failed", `리랭커 오류로 순위 결합 순서를 사용합니다: ${toAppError(error).userMessage}`);
      return { chunks: fused.slice(0, settings.topK), reranked: false };
    }),
  );
  trace.reranked = reranked;
  send({ type: "reranked", chunks: context, reranked });
  checkAbort();

  let answer = "";
  if (options.answer === false) {
    trace.totalMs = at();
    stopListening();
    return { answer, parts: [], context, trace, retrievalOnly: true };
  }
  // Nothing found: an LLM would answer from memory, which is exactly what the product must not do.
  if (context.length === 0 && deps.stream) notice("no_results", "관련 판례를 찾지 못해 답변을 작성하지 않았습니다.");
  const gate =
    deps.beforeAnswer && context.length > 0 ? await deps.beforeAnswer({ question, context, reranked }) : undefined;
  if (gate?.decline) notice(gate.decline.code, gate.decline.message);
  trace.decline = gate?.decline;
  let retrievalOnly = !deps.stream || context.length === 0 || cut() || Boolean(gate?.decline);
  if (!retrievalOnly && deps.stream) {
    let written = "";
    try {
      answer = await timed("llm:answer", async () => {
        const stream = deps.stream as StreamFn;
        const call = stream({
          role: "answer",
          ...answerPrompt(question, context, options.answerNote, gate?.overruled),
          temperature: settings.temperature,
          signal: llmSignal,
        });
        for await (const delta of call.deltas) {
          trace.firstAnswerTokenMs ??= at();
          written += delta;
          send({ type: "answer-delta", delta });
        }
        const usage = await call.usage;
        if (usage) {
          trace.answerTokens = usage.inputTokens + usage.outputTokens;
          trace.tokens = (trace.tokens ?? 0) + trace.answerTokens;
        }
        return written;
      });
    } catch (error) {
      const appError = toAppError(error);
      if (cut() && appError.code !== "ai:replay_missing") {
        // Out of time: the text the lawyer already reads stays; with none yet, the precedents found.
        answer = written;
        retrievalOnly = written.trim() === "";
      } else {
        if (isFatal(appError)) throw appError;
        notice("answer_failed", `답변 작성에 실패해 검색된 판례를 대신 보여 드립니다: ${appError.userMessage}`);
        retrievalOnly = true;
      }
    }
  }
  if (retrievalOnly) {
    answer = gate?.decline && gate.answer ? gate.answer : await retrievalOnlyAnswer(context, deps.store);
    trace.firstAnswerTokenMs ??= at();
    send({ type: "answer-delta", delta: answer });
  }
  trace.totalMs = at();
  stopListening();
  return { answer, parts: splitCitations(answer, context), context, trace, retrievalOnly };
}
